import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RATED_ROLE, type User } from '@carpool/contracts';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { ApiError, api } from '@/lib/api-client';
import type * as ApiClientModule from '@/lib/api-client';
import { configKeys } from '@/lib/app-config';
import { session } from '@/lib/session';
import { makeConfig, makePage, makeTrip } from '@/testing/fixtures';
import { createTestQueryClient, renderWithApp } from '@/testing/render';
import { makeRating, makeUser } from '@/testing/user-fixtures';
import { ProfileRoute } from './profile';

vi.mock('@/lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof ApiClientModule>();
  return { ...actual, api: { call: vi.fn(), baseUrl: '' } };
});

type Options = { params?: Record<string, unknown>; query?: Record<string, unknown> };
const call = vi.mocked(api.call) as unknown as Mock<(endpoint: { id: string }, options?: Options) => Promise<unknown>>;
const me = makeUser({ id: 7, driver_is_verified: 1, cars: [{ id: 1, patente: 'AB123CD', description: null, user_id: 7 }] });
const other = makeUser({ id: 12, name: 'Martín Gómez', email: undefined, nro_doc: undefined, mobile_phone: undefined, cars: undefined });

type Answers = { ratings?: () => Promise<unknown>; trips?: () => Promise<unknown>; search?: (options?: Options) => Promise<unknown> };
/** A failed call (the server down or refusing). */
const failing = () => Promise.reject(new ApiError(500, { message: 'server_error', errors: { error: 'server_error' } }));

function serve({ ratings = failing, trips = failing, search = failing }: Answers = {}) {
  call.mockImplementation(async (endpoint, options) => {
    switch (endpoint.id) {
      case 'users.show':
        return { data: options?.params?.id === 'me' ? me : other };
      case 'ratings.list':
      case 'ratings.listOfUser':
        return ratings();
      case 'users.trips':
      case 'users.oldTrips':
        return trips();
      case 'trips.search':
        return search(options);
      default:
        throw new Error(`unexpected call ${endpoint.id}`);
    }
  });
}

function renderProfile(url: string, config = {}) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(configKeys.all, makeConfig({ module_conversation_average_delay: true, ...config }));
  return renderWithApp(<ProfileRoute />, { path: '/profile/:id', url, queryClient });
}

const viewAs = (user: User) => session.setUser(user);

beforeEach(() => {
  session.clear();
  viewAs(me);
});
afterEach(() => call.mockReset());

describe('Profile page', () => {
  it('shows the header and opens on the Perfil tab with description, visible data and conversation stats', async () => {
    serve();
    renderProfile('/profile/me');
    expect(await screen.findByRole('heading', { name: 'Ana Pérez' })).toBeInTheDocument();
    expect(screen.getByText('Conductor verificado')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Calificación: 4,5 de 5' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Perfil' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText(me.description!)).toBeInTheDocument();
    expect(screen.getByText('30123456')).toBeInTheDocument();
    expect(screen.getByText('1144445555')).toBeInTheDocument();
    expect(screen.getByText('AB123CD')).toBeInTheDocument();
    expect(screen.getByText('En el momento')).toBeInTheDocument();
    expect(screen.getByText('80 %')).toBeInTheDocument();
  });

  it('offers edit, friends and, with the seat-payment module, transactions on one own profile', async () => {
    serve();
    const { unmount } = renderProfile('/profile/7');
    expect(await screen.findByRole('link', { name: 'Editar perfil' })).toHaveAttribute('href', '/setting/profile');
    expect(screen.getByRole('link', { name: 'Ver amigos' })).toHaveAttribute('href', '/setting/friends');
    expect(screen.queryByRole('link', { name: 'Transacciones' })).not.toBeInTheDocument();
    unmount();
    renderProfile('/profile/me', { module_trip_seats_payment: true });
    expect(await screen.findByRole('link', { name: 'Transacciones' })).toHaveAttribute('href', '/transactions');
  });

  it('remembers the tab of one own profile only', async () => {
    serve({ ratings: async () => makePage([]) });
    const u = userEvent.setup();
    const first = renderProfile('/profile/me');
    await u.click(await screen.findByRole('tab', { name: 'Calificaciones' }));
    first.unmount();
    renderProfile('/profile/me');
    expect(await screen.findByRole('tab', { name: 'Calificaciones' })).toHaveAttribute('aria-selected', 'true');
  });

  it("opens someone else's profile on Perfil, without private data or own buttons", async () => {
    localStorage.setItem('carpool.profileTab', '2');
    serve();
    renderProfile('/profile/12');
    expect(await screen.findByRole('heading', { name: 'Martín Gómez' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Perfil' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByText('Datos')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Editar perfil' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Enviar mensaje' })).not.toBeInTheDocument();
  });

  it('lets an admin message the user', async () => {
    viewAs({ ...me, is_admin: 1 });
    serve();
    renderProfile('/profile/12');
    expect(await screen.findByRole('link', { name: 'Enviar mensaje' })).toHaveAttribute('href', '/conversations?to=12');
  });

  it('shows the ratings in a 3/2/1-column grid', async () => {
    // A passenger's rating of the driver carries user_to_type 0 (the provider's constants) and reads as from a passenger.
    const fromPassenger = makeRating({ id: 3, comment: 'Manejó tranquilo.', user_to_type: RATED_ROLE.driver, trip: makeTrip({ id: 43, to_town: 'Rosario' }) });
    serve({ ratings: async () => makePage([makeRating(), makeRating({ id: 2, rating: 0, comment: 'Llegó tarde.', reply_comment: 'Hubo un corte.' }), fromPassenger]) });
    const u = userEvent.setup();
    renderProfile('/profile/12');
    await u.click(await screen.findByRole('tab', { name: 'Calificaciones' }));
    const grid = await screen.findByTestId('ratings-grid');
    const cards = within(grid).getAllByTestId('rating-card');
    expect(cards).toHaveLength(3);
    expect(within(cards[0]!).getByText('Como conductor, viaje a Mar del Plata')).toBeInTheDocument();
    expect(within(cards[2]!).getByText('Como pasajero, viaje a Rosario')).toBeInTheDocument();
    expect(within(grid).getByText('Muy puntual y buena charla.')).toBeInTheDocument();
    expect(within(grid).getByText(/Hubo un corte/)).toBeInTheDocument();
    expect(within(grid).getByRole('img', { name: 'Calificación negativa' })).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith(expect.objectContaining({ id: 'ratings.listOfUser' }), expect.objectContaining({
      params: { id: 12 },
      query: { page: 1, page_size: 200 },
    }));
    // Mantine writes the responsive columns as media queries: 1 column, 2 from 768 px (sm), 3 from 992 px (md).
    const css = Array.from(document.querySelectorAll('style'), (style) => style.textContent).join('\n');
    expect(css).toMatch(/--sg-cols:1;/);
    expect(css).toMatch(/@media\(min-width: 48em\)\{[^{]+\{--sg-cols:2;\}/);
    expect(css).toMatch(/@media\(min-width: 62em\)\{[^{]+\{--sg-cols:3;\}/);
  });

  it('says so when the ratings or the trips fail to load, and the ratings can be asked again', async () => {
    serve();
    const u = userEvent.setup();
    renderProfile('/profile/12');
    await u.click(await screen.findByRole('tab', { name: 'Calificaciones' }));
    expect(await screen.findByText('No pudimos cargar las calificaciones.')).toBeInTheDocument();
    const ratingsCalls = call.mock.calls.filter(([endpoint]) => endpoint.id === 'ratings.listOfUser').length;
    await u.click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(call.mock.calls.filter(([endpoint]) => endpoint.id === 'ratings.listOfUser').length).toBeGreaterThan(ratingsCalls));
    await u.click(screen.getByRole('tab', { name: 'Viajes' }));
    expect(await screen.findByText('No pudimos cargar los viajes.')).toBeInTheDocument();
  });

  it("lists another user's upcoming trips as driver from the search, every page", async () => {
    const driver = { ...makeTrip().user!, id: 12, name: 'Martín Gómez' };
    const pages: Record<number, unknown> = {
      1: makePage([makeTrip({ id: 1, user: driver, to_town: 'Rosario' })], 1, 2),
      2: makePage([makeTrip({ id: 2, user: driver, to_town: 'Tandil' })], 2, 2),
    };
    serve({ search: async (options) => pages[options?.query?.page as number] });
    const u = userEvent.setup();
    renderProfile('/profile/12');
    await u.click(await screen.findByRole('tab', { name: 'Viajes' }));
    const section = await screen.findByRole('region', { name: 'Viajes como conductor' });
    expect(await within(section).findAllByTestId('trip-card')).toHaveLength(2);
    expect(within(section).getByText('Rosario')).toBeInTheDocument();
    expect(within(section).getByText('Tandil')).toBeInTheDocument();
    // get-trips would answer the viewer's own trips (user_id is honoured for admins only).
    for (const page of [1, 2]) {
      expect(call).toHaveBeenCalledWith(expect.objectContaining({ id: 'trips.search' }), expect.objectContaining({
        query: { user_id: 12, as_driver: true, page, page_size: 200 },
      }));
    }
    expect(call).not.toHaveBeenCalledWith(expect.objectContaining({ id: 'users.trips' }), expect.anything());
    expect(screen.queryByRole('region', { name: 'Viajes como pasajero' })).not.toBeInTheDocument();
  });

  it('lists one own trips as driver from get-trips', async () => {
    serve({ trips: async () => ({ data: [makeTrip({ id: 1, to_town: 'Tandil' })] }) });
    const u = userEvent.setup();
    renderProfile('/profile/me');
    await u.click(await screen.findByRole('tab', { name: 'Viajes' }));
    expect(await screen.findAllByTestId('trip-card')).toHaveLength(1);
    expect(screen.getByText('Tandil')).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith(expect.objectContaining({ id: 'users.trips' }), expect.objectContaining({
      query: { as_driver: true },
    }));
    expect(call).not.toHaveBeenCalledWith(expect.objectContaining({ id: 'trips.search' }), expect.anything());
  });

  it("shows an admin the user's passenger and old trips too, asked by user_id", async () => {
    viewAs({ ...me, is_admin: 1 });
    serve({ trips: async () => ({ data: [makeTrip({ id: 1 })] }) });
    const u = userEvent.setup();
    renderProfile('/profile/12');
    await u.click(await screen.findByRole('tab', { name: 'Viajes' }));
    for (const name of ['Viajes como conductor', 'Viajes como pasajero', 'Viajes pasados como conductor', 'Viajes pasados como pasajero']) {
      expect(await within(await screen.findByRole('region', { name })).findAllByTestId('trip-card')).toHaveLength(1);
    }
    for (const [id, asDriver] of [['users.trips', true], ['users.trips', false], ['users.oldTrips', true], ['users.oldTrips', false]] as const) {
      expect(call).toHaveBeenCalledWith(expect.objectContaining({ id }), expect.objectContaining({ query: { as_driver: asDriver, user_id: 12 } }));
    }
    expect(call).not.toHaveBeenCalledWith(expect.objectContaining({ id: 'trips.search' }), expect.anything());
  });
});
