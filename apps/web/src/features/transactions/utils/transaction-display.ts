import type { Transaction } from '@carpool/contracts';

/** Spec document 2 §8: the three status texts of the transactions table. */
export type TransactionStatus =
  | { key: 'transaccionOkConTarjeta'; card: string }
  | { key: 'transaccionOk' }
  | { key: 'transaccionNoCompletada' };

export function transactionStatus(transaction: Pick<Transaction, 'payment_status' | 'payment_info'>): TransactionStatus {
  if (transaction.payment_status !== 'ok') return { key: 'transaccionNoCompletada' };
  const card = transaction.payment_info?.cardDetail?.cardNumber;
  return card ? { key: 'transaccionOkConTarjeta', card } : { key: 'transaccionOk' };
}

/** What was charged: the amount stored with the payment, else the trip's seat price. */
export const transactionAmountCents = (transaction: Pick<Transaction, 'amount_cents' | 'trip'>): number =>
  transaction.amount_cents ?? transaction.trip.seat_price_cents;

/** The payer is the passenger; the trip's user is the driver who was paid. */
export const isOwnPayment = (transaction: Pick<Transaction, 'user_id'>, viewerId: number | null | undefined): boolean =>
  viewerId != null && transaction.user_id === viewerId;
