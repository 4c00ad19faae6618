import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InfiniteData } from '@tanstack/react-query';
import type { Paginated, Trip } from '@carpool/contracts';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { ApiError, api } from '@/lib/api-client';
import type * as ApiClientModule from '@/lib/api-client';
import { session } from '@/lib/session';
import { configKeys } from '@/lib/app-config';
import { makeConfig, makePage, makeTrip } from '@/testing/fixtures';
import { createTestQueryClient, renderWithApp } from '@/testing/render';
import { tripKeys } from '@/lib/query-keys';
import { TripDetailRoute } from './trip-detail';

vi.mock('@/lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof ApiClientModule>();
  return { ...actual, api: { call: vi.fn(), baseUrl: '' } };
});
vi.mock('../components/trip-map-section', () => ({ TripMapSection: () => <div data-testid="trip-map-section" /> }));

const call = vi.mocked(api.call) as unknown as Mock<(...args: unknown[]) => Promise<unknown>>;

function answer(handlers: Record<string, (options: unknown) => unknown>) {
  call.mockImplementation(async (endpoint, options) => {
    const { method, path } = endpoint as { method: string; path: string };
    const handler = handlers[`${method} ${path}`];
    if (!handler) throw new Error(`unexpected call ${method} ${path}`);
    return handler(options);
  });
}

const future = makeTrip({ id: 42, user_id: 7, trip_date: '2099-03-15 08:30:00', distance: 415_400, estimated_time: '04:45' });

function renderDetail(url = '/trips/42') {
  return renderWithApp(<TripDetailRoute />, { path: '/trips/:id/:location?', url });
}

beforeEach(() => {
  session.setToken('token');
  session.setUser({ id: 7, name: 'María González', image: 'maria.jpg', description: 'Hola' });
});
afterEach(() => {
  call.mockReset();
  session.clear('logout');
});

describe('trip detail', () => {
  it('shows the trip: date, seats, price, distance in whole km, time, carbon, description and the map', async () => {
    answer({ 'GET /api/trips/:id': () => ({ data: future }), 'GET /api/trips/:id/matchers': () => ({ data: [] }) });
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'Buenos Aires → Mar del Plata' })).toBeInTheDocument();
    // The lower part of the details renders right after the first paint.
    expect(await screen.findByText('415 km')).toBeInTheDocument();
    expect(screen.getByText('4 h 45 min')).toBeInTheDocument();
    expect(screen.getByText('623 kg CO₂')).toBeInTheDocument();
    expect(screen.getByText('$ 12.500')).toBeInTheDocument();
    expect(screen.getByText('Salgo desde Palermo, paro en Dolores.')).toBeInTheDocument();
    expect(screen.getByTestId('trip-map-section')).toBeInTheDocument();
    expect(screen.getByTestId('trip-passengers-slot')).toBeInTheDocument();
  });

  it("the owner edits, steps the seats, sees matching passengers, and cancels: 'seguroCancelar' → 'viajeCancelado'", async () => {
    answer({
      'GET /api/trips/:id': () => ({ data: future }),
      'GET /api/trips/:id/matchers': () => ({ data: [{ id: 9, name: 'Pedro Pasajero', image: null, positive_ratings: 1, negative_ratings: 0 }] }),
      'DELETE /api/trips/:id': () => ({ data: 'ok' }),
    });
    const { router } = renderDetail();
    expect(await screen.findByRole('link', { name: 'Editar' })).toHaveAttribute('href', '/trips/update/42');
    expect(screen.getByRole('button', { name: 'Agregar un asiento libre' })).toBeInTheDocument();
    expect(await screen.findByText('Pedro Pasajero')).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith(expect.objectContaining({ path: '/api/trips/:id/matchers' }), expect.objectContaining({ query: { radius: 25_000 } }));

    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Cancelar viaje' }));
    expect(await screen.findByText('¿Seguro que querés cancelar el viaje?')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Sí, cancelar' }));
    expect(await screen.findByText('El viaje fue cancelado.')).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith(expect.objectContaining({ method: 'DELETE' }), { params: { id: 42 } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-trips'));
  });

  it("a passenger's own 'Busco conductor' trip shows the drivers that match and none of the driver's panels", async () => {
    answer({
      'GET /api/trips/:id': () => ({ data: { ...future, is_passenger: 1 } }),
      'GET /api/trips/:id/matchers': () => ({ data: [{ id: 9, name: 'Pedro Conductor', image: null, positive_ratings: 1, negative_ratings: 0 }] }),
    });
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'Conductores que coinciden' })).toBeInTheDocument();
    expect(await screen.findByText('Pedro Conductor')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar mensaje a Pedro Conductor' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Pasajeros que coinciden' })).not.toBeInTheDocument();
    expect(screen.queryByText('Pasajeros subidos')).not.toBeInTheDocument();
    expect(screen.queryByText('Mensaje a todos los pasajeros')).not.toBeInTheDocument();
    expect(screen.queryByTestId('trip-passengers-slot')).not.toBeInTheDocument();
    expect(call).not.toHaveBeenCalledWith(expect.objectContaining({ path: '/api/trips/:id/requests' }), expect.anything());
  });

  it('warns the owner above 2 pending requests when the module is on, and shows the status', async () => {
    answer({ 'GET /api/trips/:id': () => ({ data: { ...future, passengerPending_count: 3 } }), 'GET /api/trips/:id/matchers': () => ({ data: [] }) });
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(configKeys.all, makeConfig({ module_show_pending_request_count: true }));
    renderWithApp(<TripDetailRoute />, { path: '/trips/:id', url: '/trips/42', queryClient });
    expect(await screen.findByTestId('pending-requests-warning')).toHaveTextContent('Tenés 3 solicitudes esperando respuesta.');
    expect(screen.getByTestId('trip-status')).toHaveTextContent('Activo');
  });

  it("a failed cancel says 'errorAlCancelar'", async () => {
    answer({
      'GET /api/trips/:id': () => ({ data: future }),
      'GET /api/trips/:id/matchers': () => ({ data: [] }),
      'DELETE /api/trips/:id': () => {
        throw new ApiError(422, { message: 'x', errors: { error: 'trip_expired' } });
      },
    });
    renderDetail();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Cancelar viaje' }));
    await u.click(await screen.findByRole('button', { name: 'Sí, cancelar' }));
    expect(await screen.findByText('No se pudo cancelar el viaje.')).toBeInTheDocument();
  });

  it("an expired trip has no edit or cancel: a disabled 'Finalizado' and 'Viaje Carpooleado'", async () => {
    answer({ 'GET /api/trips/:id': () => ({ data: { ...future, trip_date: '2020-01-01 08:00:00' } }) });
    renderDetail();
    expect(await screen.findByRole('button', { name: 'Finalizado' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Viaje Carpooleado' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Editar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancelar viaje' })).not.toBeInTheDocument();
  });

  it("another user's full trip shows 'Carpooleado' and no owner buttons; hidden and deleted trips say so", async () => {
    answer({ 'GET /api/trips/:id': () => ({ data: { ...future, user_id: 99, user: { ...future.user!, id: 99 }, seats_available: 0, hidden: 1 } }) });
    renderDetail();
    expect(await screen.findByText('Carpooleado')).toBeInTheDocument();
    expect(screen.getByText('Oculto')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancelar viaje' })).not.toBeInTheDocument();
    expect(call).not.toHaveBeenCalledWith(expect.objectContaining({ path: '/api/trips/:id/matchers' }), expect.anything());
  });

  it('a trip that is gone (trip_not_foound) leaves the local lists and the search repeats', async () => {
    answer({
      'GET /api/trips/:id': () => {
        throw new ApiError(422, { message: 'x', errors: { error: 'trip_not_foound' } });
      },
    });
    const { queryClient, router } = renderDetail();
    const search = tripKeys.search({ is_passenger: false });
    queryClient.setQueryData<InfiniteData<Paginated<Trip>>>(search, { pages: [makePage([makeTrip({ id: 42 }), makeTrip({ id: 43 })])], pageParams: [1] });
    expect(await screen.findByText('El viaje no existe o ya no está disponible.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/trips'));
    const pages = queryClient.getQueryData<InfiniteData<Paginated<Trip>>>(search);
    expect(pages?.pages[0]?.data.map((trip) => trip.id)).toEqual([43]);
    expect(queryClient.getQueryState(search)?.isInvalidated).toBe(true);
  });

  it('any other failure goes back to trips', async () => {
    answer({
      'GET /api/trips/:id': () => {
        throw new ApiError(500, { message: 'x', errors: { error: 'server_error' } });
      },
    });
    const { router } = renderDetail();
    await waitFor(() => expect(router.state.location.pathname).toBe('/trips'));
  });
});
