import { screen, within, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { Transaction } from '@carpool/contracts';
import { api } from '@/lib/api-client';
import type * as ApiClientModule from '@/lib/api-client';
import { session } from '@/lib/session';
import { renderWithApp } from '@/testing/render';
import { TransactionsRoute } from './transactions';

vi.mock('@/lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof ApiClientModule>();
  return { ...actual, api: { call: vi.fn(), baseUrl: '' } };
});

const call = vi.mocked(api.call) as unknown as Mock<(...args: unknown[]) => Promise<unknown>>;

// Dates as the provider's raw models send them: ISO 8601 in UTC (10:15 in Argentina is 13:15 UTC).
const trip = { id: 42, from_town: 'Buenos Aires', to_town: 'Rosario', trip_date: '2030-03-15T11:30:00.000000Z', seat_price_cents: 900_000, user: { id: 7, name: 'Martín Gómez' } };
const transaction = (id: number, overrides: Partial<Transaction> = {}): Transaction => ({
  id,
  created_at: '2030-03-01T13:15:00.000000Z',
  user_id: 9,
  user: { id: 9, name: 'Lucía Fernández' },
  passenger_id: 80 + id,
  trip,
  amount_cents: 900_000,
  payment_status: 'ok',
  payment_info: null,
  ...overrides,
});

afterEach(() => {
  call.mockReset();
  session.clear('logout');
});

describe('transactions page', () => {
  it('asks a visitor to log in (the route is public) and calls nothing', async () => {
    renderWithApp(<TransactionsRoute />, { path: '/transactions' });
    expect(await screen.findByText('Ingresá para ver los pagos de tus asientos y de tus viajes.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ingresar' })).toHaveAttribute('href', '/login?redirectTo=%2Ftransactions');
    expect(call).not.toHaveBeenCalled();
  });

  it('shows date, description, amount and the three status texts', async () => {
    session.setToken('token');
    session.setUser({ id: 9, name: 'Lucía Fernández', image: 'l.jpg', description: 'x' });
    // A bare array, as the provider answers; an older row may still carry 'YYYY-MM-DD HH:mm:ss'.
    call.mockResolvedValue([
      transaction(1, { payment_info: { cardDetail: { cardNumber: 'XXXX-XXXX-XXXX-4242' } } }),
      transaction(2, { created_at: '2030-03-02 09:05:00' }),
      transaction(3, { payment_status: 'failed', amount_cents: undefined }),
      transaction(4, { user_id: 11, user: { id: 11, name: 'Pedro Ruiz' } }),
    ]);
    renderWithApp(<TransactionsRoute />, { path: '/transactions' });
    const table = await screen.findByTestId('transactions-table');
    const rows = within(table).getAllByTestId('transaction-row');
    expect(rows).toHaveLength(4);
    expect(within(table).getByRole('columnheader', { name: 'Fecha' })).toBeInTheDocument();
    expect(within(rows[0]!).getByText('01/03/2030 10:15')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: /Asiento en el viaje de Martín Gómez a Rosario/ })).toHaveAttribute('href', '/trips/42');
    expect(within(rows[0]!).getByText('$ 9.000')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Pago realizado con la tarjeta XXXX-XXXX-XXXX-4242')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: /15 de marzo/ })).toBeInTheDocument();
    expect(within(rows[1]!).getByText('02/03/2030 09:05')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Pago realizado')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Pago no completado')).toBeInTheDocument();
    expect(within(rows[3]!).getByText(/Pedro Ruiz en tu viaje a Rosario/)).toBeInTheDocument();
    // Phones get the same rows as cards.
    const cards = screen.getAllByTestId('transaction-card');
    expect(cards).toHaveLength(4);
    expect(within(cards[2]!).getByText('Pago no completado')).toBeInTheDocument();
  });

  it('says when there is nothing yet', async () => {
    session.setToken('token');
    session.setUser({ id: 9, name: 'Lucía Fernández', image: 'l.jpg', description: 'x' });
    call.mockResolvedValue([]);
    renderWithApp(<TransactionsRoute />, { path: '/transactions' });
    expect(await screen.findByText('Todavía no tenés transacciones.')).toBeInTheDocument();
  });

  it("says the seat is paid when the payment page sends the browser back with ?payment=ok, once", async () => {
    session.setToken('token');
    session.setUser({ id: 9, name: 'Lucía Fernández', image: 'l.jpg', description: 'x' });
    call.mockResolvedValue([transaction(1)]);
    const { router } = renderWithApp(<TransactionsRoute />, { path: '/transactions', url: '/transactions?payment=ok' });
    expect(await screen.findByText('¡Listo! Pagaste tu asiento: tu lugar en el viaje está confirmado.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getAllByText('¡Listo! Pagaste tu asiento: tu lugar en el viaje está confirmado.')).toHaveLength(1);
  });
});
