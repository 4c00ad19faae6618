import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { ApiError, api } from '@/lib/api-client';
import type * as ApiClientModule from '@/lib/api-client';
import { goToPayment } from '@/lib/payments';
import type * as PaymentsModule from '@/lib/payments';
import { session } from '@/lib/session';
import { makeTrip } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { MyTripsRoute } from '../routes/my-trips';

vi.mock('@/lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof ApiClientModule>();
  return { ...actual, api: { call: vi.fn(), baseUrl: '' } };
});
vi.mock('@/lib/payments', async (importOriginal) => {
  const actual = await importOriginal<typeof PaymentsModule>();
  return { ...actual, goToPayment: vi.fn() };
});

const call = vi.mocked(api.call) as unknown as Mock<(...args: unknown[]) => Promise<unknown>>;
type Options = { params?: Record<string, unknown>; query?: Record<string, unknown> };

function answer(handlers: Record<string, (options: Options) => unknown>) {
  call.mockImplementation(async (endpoint, options) => {
    const { method, path } = endpoint as { method: string; path: string };
    const handler = handlers[`${method} ${path}`];
    if (!handler) return { data: [] };
    return handler((options ?? {}) as Options);
  });
}

const called = (method: string, path: string) =>
  call.mock.calls.filter(([endpoint]) => (endpoint as { method: string }).method === method && (endpoint as { path: string }).path === path);

const lucia = { id: 9, name: 'Lucía Fernández', image: null, positive_ratings: 2, negative_ratings: 0 };
const pedro = { id: 11, name: 'Pedro Ruiz', image: null, positive_ratings: 0, negative_ratings: 0 };
const ownTrip = makeTrip({ id: 42, user_id: 7, to_town: 'Mar del Plata', trip_date: '2099-03-15 08:30:00' });
const otherTrip = makeTrip({ id: 50, user_id: 20, from_town: 'Rosario', to_town: 'Córdoba', trip_date: '2099-04-02 18:00:00', seat_price_cents: 800_000 });
const pendingRequest = (user: typeof lucia, id: number) => ({ id, trip_id: 42, user_id: user.id, request_state: 0, user, trip: ownTrip });
const toPay = { id: 90, trip_id: 50, user_id: 7, request_state: 4, user: { ...lucia, id: 7, name: 'Ana Pérez' }, trip: otherTrip };
/** A row as the provider's PassengerTransformer sends it: `{id, trip_id, created_at, state, user}`, no trip. */
const providerRow = ({ id, trip_id, request_state, user }: { id: number; trip_id: number; request_state: number; user: typeof lucia }) => ({
  id,
  trip_id,
  created_at: '2099-03-01 10:00:00',
  state: request_state,
  user,
});

beforeEach(() => {
  session.setToken('token');
  session.setUser({ id: 7, name: 'Ana Pérez', image: 'ana.jpg', description: 'Hola', do_not_alert_accept_passenger: 0 });
});
afterEach(() => {
  call.mockReset();
  vi.mocked(goToPayment).mockReset();
  session.clear('logout');
});

describe('pending request cards', () => {
  it('show requester, destination, date and time; accept after the tips, reject, and message', async () => {
    let pending = [pendingRequest(lucia, 81), pendingRequest(pedro, 82)];
    answer({
      'GET /api/users/requests': () => ({ data: pending }),
      'POST /api/trips/:tripId/requests/:userId/accept': ({ params }) => {
        pending = pending.filter((item) => item.user_id !== params?.userId);
        return { data: { ...pendingRequest(lucia, 81), request_state: 1 } };
      },
      'POST /api/trips/:tripId/requests/:userId/reject': ({ params }) => {
        pending = pending.filter((item) => item.user_id !== params?.userId);
        return { data: { ...pendingRequest(pedro, 82), request_state: 2 } };
      },
    });
    renderWithApp(<MyTripsRoute />, { path: '/my-trips' });
    const section = await screen.findByRole('region', { name: 'Solicitudes por responder' });
    const cards = await within(section).findAllByTestId('pending-request-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('Lucía Fernández')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Quiere viajar a Mar del Plata')).toBeInTheDocument();
    expect(within(cards[0]!).getByText(/15 de marzo de 2099 · 08:30/)).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('link', { name: 'Enviar mensaje a Lucía Fernández' })).toHaveAttribute('href', '/conversations?to=9');

    const u = userEvent.setup();
    await u.click(within(cards[0]!).getByRole('button', { name: 'Aceptar la solicitud de Lucía Fernández' }));
    expect(called('POST', '/api/trips/:tripId/requests/:userId/accept')).toHaveLength(0);
    await u.click(within(await screen.findByTestId('carpoodatos-acceptPassenger')).getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('Aceptaste la solicitud de Lucía Fernández.')).toBeInTheDocument();
    expect(called('POST', '/api/trips/:tripId/requests/:userId/accept')[0]?.[1]).toEqual({ params: { tripId: 42, userId: 9 } });
    await waitFor(() => expect(within(section).getAllByTestId('pending-request-card')).toHaveLength(1));

    await u.click(within(section).getByRole('button', { name: 'Rechazar la solicitud de Pedro Ruiz' }));
    expect(await screen.findByText('Rechazaste la solicitud de Pedro Ruiz.')).toBeInTheDocument();
    expect(called('POST', '/api/trips/:tripId/requests/:userId/reject')[0]?.[1]).toEqual({ params: { tripId: 42, userId: 11 } });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Solicitudes por responder' })).not.toBeInTheDocument());
  });

  it("'Enviar mensaje' goes through the profile-complete guard: an incomplete profile goes to the profile form, the chat remembered", async () => {
    session.setUser({ id: 7, name: 'Ana Pérez', image: null, description: 'Hola', do_not_alert_accept_passenger: 0 });
    answer({ 'GET /api/users/requests': () => ({ data: [pendingRequest(lucia, 81)] }) });
    const { router } = renderWithApp(<MyTripsRoute />, { path: '/my-trips' });
    const u = userEvent.setup();
    await u.click(await screen.findByRole('link', { name: 'Enviar mensaje a Lucía Fernández' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/setting/profile'));
    expect(new URLSearchParams(router.state.location.search).get('redirectTo')).toBe('/conversations?to=9');
  });

  it("'Enviar mensaje' with a complete profile opens the chat", async () => {
    answer({ 'GET /api/users/requests': () => ({ data: [pendingRequest(lucia, 81)] }) });
    const { router } = renderWithApp(<MyTripsRoute />, { path: '/my-trips' });
    const u = userEvent.setup();
    await u.click(await screen.findByRole('link', { name: 'Enviar mensaje a Lucía Fernández' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/conversations'));
    expect(router.state.location.search).toBe('?to=9');
  });

  it('accepting on a full trip says so', async () => {
    session.setUser({ id: 7, name: 'Ana Pérez', image: 'ana.jpg', description: 'Hola', do_not_alert_accept_passenger: 1 });
    answer({
      'GET /api/users/requests': () => ({ data: [pendingRequest(lucia, 81)] }),
      'POST /api/trips/:tripId/requests/:userId/accept': () => {
        throw new ApiError(422, { message: 'x', errors: { error: 'not_seat_available' } });
      },
    });
    renderWithApp(<MyTripsRoute />, { path: '/my-trips' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Aceptar la solicitud de Lucía Fernández' }));
    expect(await screen.findByText('No puedes aceptar esta solicitud, todos los asientos del viaje están ocupados.')).toBeInTheDocument();
  });
});

describe('request rows without their trip (as the provider sends them)', () => {
  it("a pending request's card finds its trip among my trips as driver, without asking for it", async () => {
    answer({
      'GET /api/users/requests': () => ({ data: [providerRow(pendingRequest(lucia, 81))] }),
      'GET /api/users/get-trips': ({ query }) => ({ data: query?.as_driver ? [otherTrip, ownTrip] : [] }),
    });
    renderWithApp(<MyTripsRoute />, { path: '/my-trips' });
    const card = await within(await screen.findByRole('region', { name: 'Solicitudes por responder' })).findByTestId('pending-request-card');
    expect(await within(card).findByRole('link', { name: 'Quiere viajar a Mar del Plata' })).toHaveAttribute('href', '/trips/42');
    expect(within(card).getByText(/15 de marzo de 2099 · 08:30/)).toBeInTheDocument();
    expect(called('GET', '/api/trips/:id')).toHaveLength(0);
  });

  it("a seat to pay asks for its trip once, and the card shows trip, date and price", async () => {
    answer({
      'GET /api/users/payment-pending': () => ({ data: [providerRow(toPay)] }),
      'GET /api/trips/:id': ({ params }) => ({ data: params?.id === otherTrip.id ? otherTrip : ownTrip }),
    });
    renderWithApp(<MyTripsRoute />, { path: '/my-trips' });
    const card = await within(await screen.findByRole('region', { name: 'Pagos pendientes' })).findByTestId('payment-pending-card');
    expect(await within(card).findByRole('link', { name: 'Rosario → Córdoba' })).toHaveAttribute('href', '/trips/50');
    expect(within(card).getByText(/2 de abril de 2099 · 18:00 · \$ 8\.000/)).toBeInTheDocument();
    expect(called('GET', '/api/trips/:id').map(([, options]) => options)).toEqual([expect.objectContaining({ params: { id: 50 } })]);

    await userEvent.setup().click(within(card).getByRole('button', { name: 'Pagar' }));
    expect(goToPayment).toHaveBeenCalledWith('/transbank?tp_id=90');
  });
});

describe('pending payment cards', () => {
  it("'Pagar' opens the payment page with the request id; 'Cancelar' leaves after the confirmation", async () => {
    let payments = [toPay];
    answer({
      'GET /api/users/payment-pending': () => ({ data: payments }),
      'POST /api/trips/:tripId/requests/:userId/cancel': () => {
        payments = [];
        return { data: { ...toPay, request_state: 3 } };
      },
    });
    renderWithApp(<MyTripsRoute />, { path: '/my-trips' });
    const section = await screen.findByRole('region', { name: 'Pagos pendientes' });
    const card = await within(section).findByTestId('payment-pending-card');
    expect(within(card).getByRole('link', { name: 'Rosario → Córdoba' })).toHaveAttribute('href', '/trips/50');
    expect(within(card).getByText(/\$ 8\.000/)).toBeInTheDocument();

    const u = userEvent.setup();
    await u.click(within(card).getByRole('button', { name: 'Pagar' }));
    expect(goToPayment).toHaveBeenCalledWith('/transbank?tp_id=90');

    await u.click(within(card).getByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByText('¿Estás seguro que deseas bajarte del viaje?')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Sí, confirmar' }));
    expect(await screen.findByText('Te has bajado del viaje.')).toBeInTheDocument();
    expect(called('POST', '/api/trips/:tripId/requests/:userId/cancel')[0]?.[1]).toEqual({ params: { tripId: 50, userId: 7 } });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Pagos pendientes' })).not.toBeInTheDocument());
  });
});
