import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { ApiError, api } from '@/lib/api-client';
import type * as ApiClientModule from '@/lib/api-client';
import { makeTrip } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { makeSubscription } from '../utils/subscription-fixture';
import { MyTripsRoute } from './my-trips';

vi.mock('@/lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof ApiClientModule>();
  return { ...actual, api: { call: vi.fn(), baseUrl: '' } };
});

const call = vi.mocked(api.call) as unknown as Mock<(...args: unknown[]) => Promise<unknown>>;
afterEach(() => call.mockReset());

const notImplemented = () => {
  throw new ApiError(501, { message: 'x', errors: { error: 'not_implemented' } });
};

function answer(handlers: Record<string, (options: { query?: { as_driver?: boolean } }) => unknown>) {
  call.mockImplementation(async (endpoint, options) => {
    const { method, path } = endpoint as { method: string; path: string };
    const handler = handlers[`${method} ${path}`];
    if (!handler) return notImplemented();
    return handler(options as { query?: { as_driver?: boolean } });
  });
}

describe('my trips', () => {
  it("lists trips as driver, 'No estas subido a ningún viaje.' for none joined, and hides lists whose calls fail", async () => {
    answer({
      'GET /api/users/get-trips': ({ query }) => ({ data: query?.as_driver ? [makeTrip({ id: 1 }), makeTrip({ id: 2, to_town: 'Tandil' })] : [] }),
      'GET /api/users/get-old-trips': () => ({ data: [] }),
      'GET /api/subscriptions': () => ({ data: [] }),
    });
    renderWithApp(<MyTripsRoute />, { path: '/my-trips' });
    const driver = await screen.findByRole('region', { name: 'Mis viajes como conductor' });
    expect(await within(driver).findAllByTestId('trip-card')).toHaveLength(2);
    const joined = screen.getByRole('region', { name: 'Viajes a los que me subí' });
    expect(within(joined).getByText('No estas subido a ningún viaje.')).toBeInTheDocument();
    expect(await screen.findByText('No tenés alertas de búsqueda. Creá una desde el buscador cuando no haya viajes.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Calificaciones pendientes' })).not.toBeInTheDocument());
  });

  it('puts what waits for an answer first, and each trip list says its own empty text', async () => {
    answer({
      'GET /api/users/get-trips': () => ({ data: [] }),
      'GET /api/users/get-old-trips': () => ({ data: [] }),
      'GET /api/users/payment-pending': () => ({ data: [] }),
      'GET /api/users/requests': () => ({
        data: [{ id: 81, trip_id: 42, user_id: 9, request_state: 0, user: { id: 9, name: 'Lucía Fernández', image: null, positive_ratings: 0, negative_ratings: 0 }, trip: makeTrip({ id: 42, trip_date: '2099-03-15 08:30:00' }) }],
      }),
      'GET /api/users/ratings/pending': () => ({ data: [] }),
      'GET /api/subscriptions': () => ({ data: [] }),
    });
    renderWithApp(<MyTripsRoute />, { path: '/my-trips' });
    const requests = await screen.findByRole('region', { name: 'Solicitudes por responder' });
    const driver = screen.getByRole('region', { name: 'Mis viajes como conductor' });
    expect(requests.compareDocumentPosition(driver) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(driver).getByText('No tenés viajes publicados como conductor.')).toBeInTheDocument();
    expect(within(driver).queryByText('No estas subido a ningún viaje.')).not.toBeInTheDocument();
    const joined = screen.getByRole('region', { name: 'Viajes a los que me subí' });
    expect(within(joined).getByText('No estas subido a ningún viaje.')).toBeInTheDocument();
  });

  it("leads to what needs the user: 'Para hacer ahora' counts requests and ratings, the ratings come before the trip lists, and a tap goes there", async () => {
    const scrollIntoView = vi.mocked(window.HTMLElement.prototype.scrollIntoView);
    scrollIntoView.mockClear();
    const rater = { id: 9, name: 'Lucía Fernández', image: null, positive_ratings: 0, negative_ratings: 0 };
    const rating = (id: number) => ({
      id,
      from: rater,
      to: { ...rater, id: 20 + id, name: `Pasajero ${id}` },
      trip: makeTrip({ id: 300 + id, to_town: 'Rosario', trip_date: '2030-03-15 08:30:00' }),
      user_to_type: 1,
      user_to_state: 1,
      rating: null,
      comment: '',
      reply_comment: '',
      reply_comment_created_at: null,
      rate_at: null,
    });
    answer({
      'GET /api/users/get-trips': () => ({ data: [makeTrip({ id: 1 })] }),
      'GET /api/users/get-old-trips': () => ({ data: [] }),
      'GET /api/users/payment-pending': () => ({ data: [] }),
      'GET /api/users/requests': () => ({
        data: [{ id: 81, trip_id: 42, user_id: 9, request_state: 0, user: rater, trip: makeTrip({ id: 42, trip_date: '2099-03-15 08:30:00' }) }],
      }),
      'GET /api/users/ratings/pending': () => ({ data: [rating(1), rating(2)] }),
      'GET /api/subscriptions': () => ({ data: [] }),
    });
    renderWithApp(<MyTripsRoute />, { path: '/my-trips' });
    const todo = await screen.findByRole('navigation', { name: 'Para hacer ahora' });
    expect(await within(todo).findByRole('button', { name: '2 calificaciones pendientes' })).toBeInTheDocument();
    expect(await within(todo).findByRole('button', { name: '1 solicitud por responder' })).toBeInTheDocument();
    expect(within(todo).queryByRole('button', { name: /por pagar/ })).not.toBeInTheDocument();

    const ratings = await screen.findByRole('region', { name: 'Calificaciones pendientes' });
    const requests = screen.getByRole('region', { name: 'Solicitudes por responder' });
    const driver = screen.getByRole('region', { name: 'Mis viajes como conductor' });
    expect(requests.compareDocumentPosition(ratings) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(ratings.compareDocumentPosition(driver) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await userEvent.setup().click(within(todo).getByRole('button', { name: '2 calificaciones pendientes' }));
    expect(scrollIntoView.mock.contexts.at(-1)).toBe(ratings);
    expect(screen.getByRole('heading', { name: 'Calificaciones pendientes' })).toHaveFocus();
  });

  it('shows the saved searches and deletes one; ?loc=suscriptions scrolls to them', async () => {
    const scrollIntoView = vi.mocked(window.HTMLElement.prototype.scrollIntoView);
    scrollIntoView.mockClear();
    let subscriptions = [makeSubscription({ id: 5, matches_count: 25 }), makeSubscription({ id: 6, from_address: 'Tandil', from_json_address: null })];
    answer({
      'GET /api/users/get-trips': () => ({ data: [] }),
      'GET /api/users/get-old-trips': () => ({ data: [] }),
      'GET /api/users/payment-pending': () => ({ data: [] }),
      'GET /api/users/requests': () => ({ data: [] }),
      'GET /api/users/ratings/pending': () => ({ data: [] }),
      'GET /api/subscriptions': () => ({ data: subscriptions }),
      'DELETE /api/subscriptions/:id': () => {
        subscriptions = subscriptions.slice(1);
        return { data: 'ok' };
      },
    });
    renderWithApp(<MyTripsRoute />, { path: '/my-trips', url: '/my-trips?loc=suscriptions' });
    const section = await screen.findByRole('region', { name: 'Alertas de búsqueda' });
    expect(await within(section).findAllByTestId('subscription-item')).toHaveLength(2);
    expect(within(section).getByText('Coincidencias: 20+')).toBeInTheDocument();
    await waitFor(() => expect(scrollIntoView).toHaveBeenCalled());
    expect(scrollIntoView.mock.contexts.at(-1)).toBe(section);

    await userEvent.setup().click(within(section).getByRole('button', { name: 'Borrar la alerta de Rosario a Córdoba' }));
    expect(await screen.findByText('La alerta fue borrada.')).toBeInTheDocument();
    await waitFor(() => expect(within(section).getAllByTestId('subscription-item')).toHaveLength(1));
    expect(call).toHaveBeenCalledWith(expect.objectContaining({ method: 'DELETE' }), { params: { id: 5 } });
  });
});
