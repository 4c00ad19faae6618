import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Trip } from '@carpool/contracts';
import { useQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { api } from '@/lib/api-client';
import type * as ApiClientModule from '@/lib/api-client';
import { configKeys } from '@/lib/app-config';
import { tripKeys } from '@/lib/query-keys';
import { makeConfig, makeTrip } from '@/testing/fixtures';
import { createTestQueryClient, renderWithApp } from '@/testing/render';
import { tripQueryOptions } from '../api/get-trip';
import { payCreationFee } from '../api/pay-sellado';
import { selladoWidgetEnabled } from '../utils/sellado';
import { SelladoPaymentWidget } from './sellado-payment-widget';

vi.mock('@/lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof ApiClientModule>();
  return { ...actual, api: { call: vi.fn(), baseUrl: '' } };
});
vi.mock('../api/pay-sellado', () => ({ payCreationFee: vi.fn() }));

const call = vi.mocked(api.call) as unknown as Mock<(...args: unknown[]) => Promise<unknown>>;
const pay = vi.mocked(payCreationFee);

/** The widget on the trip the page has in its cache, as the trip detail reads it. */
function OnTheTripPage() {
  // What the cache holds, read again only when the test or the widget says so.
  const { data } = useQuery({ ...tripQueryOptions(42), staleTime: Infinity });
  return data ? <SelladoPaymentWidget trip={data} /> : null;
}

function renderWidget(trip: Partial<Trip>) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(configKeys.all, makeConfig({ module_trip_creation_payment_enabled: true, module_trip_creation_payment_amount_cents: 150_000 }));
  queryClient.setQueryData(tripKeys.detail(42), makeTrip({ id: 42, needs_sellado: 1, payment_id: '17', ...trip }));
  const view = renderWithApp(<OnTheTripPage />, { queryClient });
  /** The page read the trip again (another tab paid or failed it, a refetch on focus). */
  const readAgain = (state: Trip['state']) =>
    act(() => {
      queryClient.setQueryData<Trip>(tripKeys.detail(42), (current) => ({ ...current!, state }));
    });
  return { ...view, readAgain };
}

const payButton = () => screen.getByRole('button', { name: 'Pagar sellado' });

afterEach(() => {
  call.mockReset();
  pay.mockReset();
});

describe('SelladoPaymentWidget', () => {
  it('shows with the fee on awaiting_payment with a payment id, enabled at load', async () => {
    renderWidget({ state: 'awaiting_payment' });
    const widget = await screen.findByRole('region', { name: 'Sellado del viaje' });
    expect(widget).toHaveTextContent('Tu viaje está oculto: nadie más lo ve hasta que pagues el sellado.');
    expect(widget).toHaveTextContent('Sellado: $ 1.500');
    expect(payButton()).toBeEnabled();
  });

  it('is enabled at load on payment_failed too: the trip is hidden and may be paid again', async () => {
    renderWidget({ state: 'payment_failed' });
    expect(await screen.findByText('El pago del sellado falló y tu viaje sigue oculto. Podés pagarlo de nuevo.')).toBeInTheDocument();
    expect(payButton()).toBeEnabled();
  });

  it.each([
    ['ready', '17'],
    ['paid', '17'],
    ['pending_payment', '17'],
    ['awaiting_payment', null],
  ] as const)('does not show on %s (payment id %s)', async (state, paymentId) => {
    renderWidget({ state, payment_id: paymentId });
    await waitFor(() => expect(screen.queryByTestId('sellado-widget')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Pagar sellado' })).not.toBeInTheDocument();
  });

  it('after load, the enable step acts only on awaiting_payment: a change to payment_failed leaves it disabled', async () => {
    const { readAgain } = renderWidget({ state: 'awaiting_payment' });
    expect(await screen.findByRole('button', { name: 'Pagar sellado' })).toBeEnabled();
    readAgain('payment_failed');
    await waitFor(() => expect(payButton()).toBeDisabled());
    expect(screen.getByText('El estado del pago cambió. Recargá la página para volver a pagar.')).toBeInTheDocument();
    readAgain('awaiting_payment');
    await waitFor(() => expect(payButton()).toBeEnabled());
  });

  it('the rule, state by state', () => {
    expect(selladoWidgetEnabled('awaiting_payment', 'awaiting_payment')).toBe(true);
    expect(selladoWidgetEnabled('payment_failed', 'payment_failed')).toBe(true);
    expect(selladoWidgetEnabled('payment_failed', 'awaiting_payment')).toBe(true);
    expect(selladoWidgetEnabled('awaiting_payment', 'payment_failed')).toBe(false);
    expect(selladoWidgetEnabled('ready', 'ready')).toBe(false);
    expect(selladoWidgetEnabled('pending_payment', 'pending_payment')).toBe(false);
  });

  it('pays through the stub, reads the trip again and says it is visible now', async () => {
    pay.mockResolvedValue();
    call.mockResolvedValue({ data: makeTrip({ id: 42, needs_sellado: 1, payment_id: '17', state: 'paid' }) });
    const user = userEvent.setup();
    renderWidget({ state: 'awaiting_payment' });
    await user.click(await screen.findByRole('button', { name: 'Pagar sellado' }));
    expect(pay).toHaveBeenCalledWith(42);
    expect(await screen.findByText('Sellado pagado')).toBeInTheDocument();
    expect(screen.getByText('Tu viaje ya es visible para los demás.')).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith(expect.objectContaining({ method: 'GET', path: '/api/trips/:id' }), expect.objectContaining({ params: { id: 42 } }));
    expect(screen.queryByRole('button', { name: 'Pagar sellado' })).not.toBeInTheDocument();
  });

  it('a refused payment says so in an error toast and stays payable', async () => {
    pay.mockRejectedValueOnce(new Error('refused'));
    const user = userEvent.setup();
    renderWidget({ state: 'awaiting_payment' });
    await user.click(await screen.findByRole('button', { name: 'Pagar sellado' }));
    expect(await screen.findByText('No se pudo cobrar el sellado. Intentá de nuevo.')).toBeInTheDocument();
    expect(payButton()).toBeEnabled();
    expect(call).not.toHaveBeenCalled();
  });

  it('a trip the server still has unpaid after the stub answered is not called paid', async () => {
    pay.mockResolvedValue();
    call.mockResolvedValue({ data: makeTrip({ id: 42, needs_sellado: 1, payment_id: '17', state: 'payment_failed' }) });
    const user = userEvent.setup();
    renderWidget({ state: 'awaiting_payment' });
    await user.click(await screen.findByRole('button', { name: 'Pagar sellado' }));
    expect(await screen.findByText('No se pudo cobrar el sellado. Intentá de nuevo.')).toBeInTheDocument();
    expect(screen.queryByText('Sellado pagado')).not.toBeInTheDocument();
    // The trip the page read again failed: the widget says so (and, changed after load, waits for a reload).
    expect(screen.getByText('El pago del sellado falló y tu viaje sigue oculto. Podés pagarlo de nuevo.')).toBeInTheDocument();
  });
});
