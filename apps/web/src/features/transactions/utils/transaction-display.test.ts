import { describe, expect, it } from 'vitest';
import { isOwnPayment, transactionAmountCents, transactionStatus } from './transaction-display';

const trip = { id: 1, from_town: 'Buenos Aires', to_town: 'Rosario', trip_date: '2030-01-01 10:00:00', seat_price_cents: 900_000, user: { id: 7, name: 'Martín' } };

describe('transactionStatus', () => {
  it("gives 'transaccionOkConTarjeta' with the card, 'transaccionOk' without it, and 'transaccionNoCompletada' otherwise", () => {
    expect(transactionStatus({ payment_status: 'ok', payment_info: { cardDetail: { cardNumber: '4242' } } })).toEqual({ key: 'transaccionOkConTarjeta', card: '4242' });
    expect(transactionStatus({ payment_status: 'ok', payment_info: null })).toEqual({ key: 'transaccionOk' });
    expect(transactionStatus({ payment_status: 'ok', payment_info: {} })).toEqual({ key: 'transaccionOk' });
    expect(transactionStatus({ payment_status: 'failed', payment_info: { cardDetail: { cardNumber: '4242' } } })).toEqual({ key: 'transaccionNoCompletada' });
    expect(transactionStatus({ payment_status: null, payment_info: null })).toEqual({ key: 'transaccionNoCompletada' });
  });

  it('charges the stored amount, else the seat price; the payer is the user', () => {
    expect(transactionAmountCents({ amount_cents: 500_000, trip })).toBe(500_000);
    expect(transactionAmountCents({ trip })).toBe(900_000);
    expect(isOwnPayment({ user_id: 9 }, 9)).toBe(true);
    expect(isOwnPayment({ user_id: 9 }, 7)).toBe(false);
    expect(isOwnPayment({ user_id: 9 }, null)).toBe(false);
  });
});
