import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { ApiError, api } from '@/lib/api-client';
import type * as ApiClientModule from '@/lib/api-client';
import { configKeys } from '@/lib/app-config';
import { goToPayment } from '@/lib/payments';
import type * as PaymentsModule from '@/lib/payments';
import { session, type SessionUser } from '@/lib/session';
import { makeConfig, makeTrip } from '@/testing/fixtures';
import { createTestQueryClient, renderWithApp } from '@/testing/render';
import { TripDetailRoute } from '../routes/trip-detail';

vi.mock('@/lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof ApiClientModule>();
  return { ...actual, api: { call: vi.fn(), baseUrl: '' } };
});
vi.mock('@/lib/payments', async (importOriginal) => {
  const actual = await importOriginal<typeof PaymentsModule>();
  return { ...actual, goToPayment: vi.fn() };
});
vi.mock('./trip-map-section', () => ({ TripMapSection: () => <div data-testid="trip-map-section" /> }));

const call = vi.mocked(api.call) as unknown as Mock<(...args: unknown[]) => Promise<unknown>>;
type Options = { params?: Record<string, unknown> };

function answer(handlers: Record<string, (options: Options) => unknown>) {
  call.mockImplementation(async (endpoint, options) => {
    const { method, path } = endpoint as { method: string; path: string };
    const handler = handlers[`${method} ${path}`];
    if (!handler) throw new ApiError(501, { message: 'x', errors: { error: 'not_implemented' } });
    return handler((options ?? {}) as Options);
  });
}

const called = (method: string, path: string) =>
  call.mock.calls.filter(([endpoint]) => (endpoint as { method: string }).method === method && (endpoint as { path: string }).path === path);

const driver = { id: 7, name: 'María González', image: 'maria.jpg', positive_ratings: 9, negative_ratings: 1 };
const viewer: SessionUser = { id: 9, name: 'Lucía Fernández', image: 'lucia.jpg', description: 'Viajo seguido.', do_not_alert_request_seat: 0, do_not_alert_pricing: 0, do_not_alert_accept_passenger: 0 };
const lucia = { id: 9, name: 'Lucía Fernández', image: null, positive_ratings: 2, negative_ratings: 0 };
const pedro = { id: 11, name: 'Pedro Ruiz', image: null, positive_ratings: 0, negative_ratings: 0 };
const trip = makeTrip({ id: 42, user_id: 7, user: driver, trip_date: '2099-03-15 08:30:00', passenger: [] });
/** What a create, accept, reject or cancel answers: the provider's raw row (user_id, request_state, no user). */
const request = (user: typeof lucia, request_state: number, id = 80) => ({ id, trip_id: 42, user_id: user.id, request_state });
/** A row of the request lists as the provider's PassengerTransformer sends it: `state` and `user`, no user_id. */
const listed = (user: typeof lucia, state: number, id = 80) => ({ id, trip_id: 42, created_at: '2099-03-01 10:00:00', state, user });
/** One of `trip.passenger`: the user object with the mock's request_id and request_state. */
const aboard = (user: typeof lucia, request_state: number, id = 80) => ({ ...user, first_name: user.name.split(' ')[0]!, request_id: id, request_state });

function renderDetail(queryClient: QueryClient = createTestQueryClient()) {
  return renderWithApp(<TripDetailRoute />, { path: '/trips/:id/:location?', url: '/trips/42', queryClient });
}

beforeEach(() => {
  session.setToken('token');
  session.setUser(viewer);
});
afterEach(() => {
  call.mockReset();
  vi.mocked(goToPayment).mockReset();
  session.clear('logout');
});

describe('requesting a seat', () => {
  it("shows the Carpoodatos tips first; 'No volver a mostrar' saves do_not_alert_request_seat; then 'Solicitud enviada' with cancel", async () => {
    let current = trip;
    answer({
      'GET /api/trips/:id': () => ({ data: current }),
      'POST /api/trips/:id/requests': () => {
        current = { ...trip, request: 'send' };
        return { data: request(lucia, 0) };
      },
      'POST /api/users/change/:property/:value': () => ({ data: { ...viewer, do_not_alert_request_seat: 1 } }),
    });
    renderDetail();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Solicitar asiento' }));
    const tips = await screen.findByTestId('carpoodatos-requestSeat');
    expect(called('POST', '/api/trips/:id/requests')).toHaveLength(0);
    await u.click(within(tips).getByLabelText('No volver a mostrar'));
    await u.click(within(tips).getByRole('button', { name: 'Continuar' }));

    expect(await screen.findByText('La solicitud fue enviada.')).toBeInTheDocument();
    expect(called('POST', '/api/trips/:id/requests')[0]?.[1]).toEqual({ params: { id: 42 } });
    expect(called('POST', '/api/users/change/:property/:value')[0]?.[1]).toEqual({ params: { property: 'do_not_alert_request_seat', value: 1 } });
    expect(await screen.findByRole('button', { name: 'Solicitud enviada' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancelar solicitud' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Solicitar asiento' })).not.toBeInTheDocument();
    expect(session.getState().user?.do_not_alert_request_seat).toBe(1);
  });

  it("skips the tips once they are turned off, and says 'Te has subido al viaje.' on auto-accept", async () => {
    session.setUser({ ...viewer, do_not_alert_request_seat: 1 });
    answer({ 'GET /api/trips/:id': () => ({ data: trip }), 'POST /api/trips/:id/requests': () => ({ data: request(lucia, 1) }) });
    renderDetail();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Solicitar asiento' }));
    expect(await screen.findByText('Te has subido al viaje.')).toBeInTheDocument();
    expect(screen.queryByTestId('carpoodatos-requestSeat')).not.toBeInTheDocument();
  });

  it('goes to the payment page with the request id when the answer is state 4', async () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(configKeys.all, makeConfig({ disable_user_hints: true, module_trip_seats_payment: true }));
    answer({ 'GET /api/trips/:id': () => ({ data: trip }), 'POST /api/trips/:id/requests': () => ({ data: request(lucia, 4, 123) }) });
    renderDetail(queryClient);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Solicitar asiento' }));
    await waitFor(() => expect(goToPayment).toHaveBeenCalledWith('/transbank?tp_id=123'));
  });

  it.each([
    [['user_has_reach_request_limit'], 'Se ha alcanzado el límite de consultas que el usuario acepta por este viaje.'],
    ['user_has_another_similar_trip', 'Ya te encuentras subido en un viaje con el mismo origen y destino en esa fecha.'],
    ['access_denied', 'Ocurrió un problema al solicitar, por favor aguarde unos instante e intentelo nuevamente.'],
  ])('shows the message of %s', async (code, message) => {
    session.setUser({ ...viewer, do_not_alert_request_seat: 1 });
    answer({
      'GET /api/trips/:id': () => ({ data: trip }),
      'POST /api/trips/:id/requests': () => {
        throw new ApiError(422, { message: 'x', errors: { error: code } });
      },
    });
    renderDetail();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Solicitar asiento' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('sends a user without photo or description to complete the profile first, remembering the trip', async () => {
    session.setUser({ ...viewer, image: null });
    answer({ 'GET /api/trips/:id': () => ({ data: trip }) });
    const { router } = renderDetail();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Solicitar asiento' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/setting/profile'));
    expect(router.state.location.search).toBe('?redirectTo=%2Ftrips%2F42');
    expect(called('POST', '/api/trips/:id/requests')).toHaveLength(0);
  });

  it('offers no request on a full trip, but messaging the driver after the cost-sharing tips', async () => {
    answer({ 'GET /api/trips/:id': () => ({ data: { ...trip, seats_available: 0 } }) });
    const { router } = renderDetail();
    expect(await screen.findByRole('button', { name: 'No quedan asientos libres' })).toBeDisabled();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Enviar mensaje a María González' }));
    await u.click(within(await screen.findByTestId('carpoodatos-pricing')).getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/conversations'));
    // The chat is about this trip (its panel, the driver's request limit).
    expect(router.state.location.search).toBe('?to=7&trip=42');
  });
});

describe('a passenger on the trip', () => {
  it("leaves after '¿Estás seguro que deseas bajarte del viaje?': 'Te has bajado del viaje.'", async () => {
    let current = { ...trip, passenger: [aboard(lucia, 1)] };
    answer({
      'GET /api/trips/:id': () => ({ data: current }),
      'POST /api/trips/:tripId/requests/:userId/cancel': () => {
        current = { ...trip, passenger: [] };
        return { data: request(lucia, 3) };
      },
    });
    renderDetail();
    expect(await screen.findByText('Estás subido a este viaje.')).toBeInTheDocument();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Bajarme del viaje' }));
    expect(await screen.findByText('¿Estás seguro que deseas bajarte del viaje?')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Sí, confirmar' }));
    expect(await screen.findByText('Te has bajado del viaje.')).toBeInTheDocument();
    expect(called('POST', '/api/trips/:tripId/requests/:userId/cancel')[0]?.[1]).toEqual({ params: { tripId: 42, userId: 9 } });
    expect(await screen.findByRole('button', { name: 'Solicitar asiento' })).toBeInTheDocument();
  });

  it('a failed leave shows the generic request message, and nothing happens without confirming', async () => {
    answer({
      'GET /api/trips/:id': () => ({ data: { ...trip, request: 'send' } }),
      'POST /api/trips/:tripId/requests/:userId/cancel': () => {
        throw new ApiError(422, { message: 'x', errors: { error: 'not_a_passenger' } });
      },
    });
    renderDetail();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Cancelar solicitud' }));
    await u.click(await screen.findByRole('button', { name: 'No, volver' }));
    expect(called('POST', '/api/trips/:tripId/requests/:userId/cancel')).toHaveLength(0);
    await u.click(screen.getByRole('button', { name: 'Cancelar solicitud' }));
    await u.click(await screen.findByRole('button', { name: 'Sí, confirmar' }));
    expect(await screen.findByText('Ocurrió un problema al solicitar, por favor aguarde unos instante e intentelo nuevamente.')).toBeInTheDocument();
  });

  it("pays an accepted seat (state 4) with 'Pagar'", async () => {
    answer({ 'GET /api/trips/:id': () => ({ data: { ...trip, passenger: [aboard(lucia, 4, 77)] } }) });
    renderDetail();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Pagar' }));
    expect(goToPayment).toHaveBeenCalledWith('/transbank?tp_id=77');
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
  });

  it("pays a seat the provider marks only as a sent request: its row of the seats to pay gives the request id", async () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(configKeys.all, makeConfig({ module_trip_seats_payment: true }));
    // The provider's trip: `request: 'send'` for states 0 and 4, `passenger` with state 1 only.
    answer({
      'GET /api/trips/:id': () => ({ data: { ...trip, request: 'send', passenger: [] } }),
      'GET /api/users/payment-pending': () => ({ data: [{ ...listed(lucia, 4, 76), trip_id: 50 }, listed(lucia, 4, 77)] }),
    });
    renderDetail(queryClient);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Pagar' }));
    expect(goToPayment).toHaveBeenCalledWith('/transbank?tp_id=77');
    expect(screen.queryByRole('button', { name: 'Solicitud enviada' })).not.toBeInTheDocument();
  });

  it("keeps 'Solicitud enviada' when no seat of the trip waits for payment", async () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(configKeys.all, makeConfig({ module_trip_seats_payment: true }));
    answer({
      'GET /api/trips/:id': () => ({ data: { ...trip, request: 'send', passenger: [] } }),
      'GET /api/users/payment-pending': () => ({ data: [{ ...listed(lucia, 4, 76), trip_id: 50 }] }),
    });
    renderDetail(queryClient);
    await waitFor(() => expect(called('GET', '/api/users/payment-pending')).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Solicitud enviada' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Pagar' })).not.toBeInTheDocument();
  });

  it('sees who is aboard; someone not on the trip sees no passenger list', async () => {
    answer({ 'GET /api/trips/:id': () => ({ data: { ...trip, passenger: [aboard(lucia, 1), aboard(pedro, 1, 81)] } }) });
    const { unmount } = renderDetail();
    const slot = await screen.findByTestId('trip-passengers-slot');
    expect(within(slot).getByText('Pedro Ruiz')).toBeInTheDocument();
    unmount();

    answer({ 'GET /api/trips/:id': () => ({ data: { ...trip, passenger: [], passenger_count: 2 } }) });
    renderDetail();
    expect(await screen.findByRole('button', { name: 'Solicitar asiento' })).toBeInTheDocument();
    expect(screen.queryByTestId('trip-passengers-slot')).not.toBeInTheDocument();
  });

  it('sees no request buttons on an expired trip', async () => {
    answer({ 'GET /api/trips/:id': () => ({ data: { ...trip, trip_date: '2020-01-01 08:00:00' } }) });
    renderDetail();
    expect(await screen.findByRole('button', { name: 'Finalizado' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Solicitar asiento' })).not.toBeInTheDocument();
  });
});

describe("the owner's lists", () => {
  beforeEach(() => session.setUser({ id: 7, name: 'María González', image: 'maria.jpg', description: 'Hola', do_not_alert_accept_passenger: 0 }));

  it("shows 'Aún no hay pasajeros subidos a este viaje.' with no passengers, and no pending section", async () => {
    answer({
      'GET /api/trips/:id': () => ({ data: trip }),
      'GET /api/trips/:tripId/passengers': () => ({ data: [] }),
      'GET /api/trips/:id/requests': () => ({ data: [] }),
      'GET /api/trips/:id/matchers': () => ({ data: [] }),
    });
    renderDetail();
    expect(await screen.findByText('Aún no hay pasajeros subidos a este viaje.')).toBeInTheDocument();
    expect(screen.queryByTestId('trip-pending-requests')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Solicitar asiento' })).not.toBeInTheDocument();
  });

  it('accepts after the tips and rejects; a full trip answers not_seat_available with its message', async () => {
    let pending = [listed(lucia, 0, 81), listed(pedro, 0, 82)];
    answer({
      'GET /api/trips/:id': () => ({ data: trip }),
      'GET /api/trips/:tripId/passengers': () => ({ data: [] }),
      'GET /api/trips/:id/requests': () => ({ data: pending }),
      'GET /api/trips/:id/matchers': () => ({ data: [] }),
      'POST /api/trips/:tripId/requests/:userId/accept': ({ params }) => {
        if (params?.userId === 11) throw new ApiError(422, { message: 'x', errors: { error: 'not_seat_available' } });
        pending = pending.filter((item) => item.user.id !== params?.userId);
        return { data: request(lucia, 1, 81) };
      },
      'POST /api/trips/:tripId/requests/:userId/reject': ({ params }) => {
        pending = pending.filter((item) => item.user.id !== params?.userId);
        return { data: request(pedro, 2, 82) };
      },
    });
    renderDetail();
    const section = await screen.findByTestId('trip-pending-requests');
    expect(await within(section).findAllByTestId('pending-request')).toHaveLength(2);
    expect(within(section).getByRole('link', { name: 'Enviar mensaje a Lucía Fernández' })).toHaveAttribute('href', '/conversations?to=9');

    const u = userEvent.setup();
    await u.click(within(section).getByRole('button', { name: 'Aceptar la solicitud de Pedro Ruiz' }));
    await u.click(within(await screen.findByTestId('carpoodatos-acceptPassenger')).getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('No puedes aceptar esta solicitud, todos los asientos del viaje están ocupados.')).toBeInTheDocument();

    await u.click(within(section).getByRole('button', { name: 'Aceptar la solicitud de Lucía Fernández' }));
    await u.click(within(await screen.findByTestId('carpoodatos-acceptPassenger')).getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('Aceptaste la solicitud de Lucía Fernández.')).toBeInTheDocument();
    expect(called('POST', '/api/trips/:tripId/requests/:userId/accept').at(-1)?.[1]).toEqual({ params: { tripId: 42, userId: 9 } });

    await u.click(within(section).getByRole('button', { name: 'Rechazar la solicitud de Pedro Ruiz' }));
    expect(await screen.findByText('Rechazaste la solicitud de Pedro Ruiz.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('trip-pending-requests')).not.toBeInTheDocument());
  });

  it("lists the seats to pay from the trip's own requests when …/passengers holds the boarded only (the provider)", async () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(configKeys.all, makeConfig({ module_trip_seats_payment: true }));
    const requestRow = (user: typeof lucia, request_state: number, request_id: number) =>
      ({ id: user.id, request_id, trip_id: 42, user_id: user.id, request_state, name: user.name, email: 'x@carpool.ar', user });
    answer({
      'GET /api/trips/:id': () => ({ data: { ...trip, allPassengerRequest: [requestRow(lucia, 1, 81), requestRow(pedro, 4, 82)] } }),
      'GET /api/trips/:tripId/passengers': () => ({ data: [listed(lucia, 1, 81)] }),
      'GET /api/trips/:id/requests': () => ({ data: [] }),
      'GET /api/trips/:id/matchers': () => ({ data: [] }),
    });
    renderDetail(queryClient);
    await waitFor(() => expect(called('GET', '/api/trips/:tripId/passengers')).toHaveLength(1));
    expect(within(await screen.findByTestId('boarded-passengers')).getAllByTestId('trip-passenger')).toHaveLength(1);
    const toPay = screen.getByTestId('passengers-to-pay');
    expect(within(toPay).getAllByTestId('trip-passenger')).toHaveLength(1);
    expect(within(toPay).getByText('Pedro Ruiz')).toBeInTheDocument();
  });

  it("lists 'Pasajeros subidos' and 'Pasajeros pendiente de pago', and removes one after the §5 confirmation", async () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(configKeys.all, makeConfig({ module_trip_seats_payment: true }));
    let passengers = [listed(lucia, 1, 81), listed(pedro, 4, 82)];
    answer({
      'GET /api/trips/:id': () => ({ data: trip }),
      'GET /api/trips/:tripId/passengers': () => ({ data: passengers }),
      'GET /api/trips/:id/requests': () => ({ data: [] }),
      'GET /api/trips/:id/matchers': () => ({ data: [] }),
      'POST /api/trips/:tripId/requests/:userId/cancel': ({ params }) => {
        passengers = passengers.filter((item) => item.user.id !== params?.userId);
        return { data: request(lucia, 3, 81) };
      },
    });
    renderDetail(queryClient);
    const boarded = await screen.findByTestId('boarded-passengers');
    expect(within(boarded).getByText('Lucía Fernández')).toBeInTheDocument();
    expect(screen.getByText('Pasajeros pendiente de pago')).toBeInTheDocument();
    expect(within(screen.getByTestId('passengers-to-pay')).getByText('Pedro Ruiz')).toBeInTheDocument();
    expect(within(boarded).getByRole('link', { name: 'Enviar mensaje a Lucía Fernández' })).toHaveAttribute('href', '/conversations?to=9');

    const u = userEvent.setup();
    await u.click(within(boarded).getByRole('button', { name: 'Bajar a Lucía Fernández del viaje' }));
    expect(await screen.findByText('Estás seguro que deseas bajar a este pasajero de tu viaje?')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Sí, confirmar' }));
    expect(await screen.findByText('El pasajero fue bajado del viaje.')).toBeInTheDocument();
    expect(called('POST', '/api/trips/:tripId/requests/:userId/cancel')[0]?.[1]).toEqual({ params: { tripId: 42, userId: 9 } });
    expect(await screen.findByText('Aún no hay pasajeros subidos a este viaje.')).toBeInTheDocument();
  });
});
