import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { ApiError, api } from '@/lib/api-client';
import type * as ApiClientModule from '@/lib/api-client';
import { makeTrip } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { MyTripsRoute } from './my-trips';

// My trips' past sections (audit 2.70); my-trips.test.tsx holds the upcoming lists and pending items.
vi.mock('@/lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof ApiClientModule>();
  return { ...actual, api: { call: vi.fn(), baseUrl: '' } };
});

const call = vi.mocked(api.call) as unknown as Mock<(...args: unknown[]) => Promise<unknown>>;
afterEach(() => call.mockReset());

type Options = { query?: { as_driver?: boolean } };
function answer(oldTrips: (asDriver: boolean) => unknown[]) {
  call.mockImplementation(async (endpoint, options) => {
    const { method, path } = endpoint as { method: string; path: string };
    const asDriver = Boolean((options as Options | undefined)?.query?.as_driver);
    if (`${method} ${path}` === 'GET /api/users/get-trips') return { data: [] };
    if (`${method} ${path}` === 'GET /api/users/get-old-trips') return { data: oldTrips(asDriver) };
    if (`${method} ${path}` === 'GET /api/subscriptions') return { data: [] };
    throw new ApiError(501, { message: 'x', errors: { error: 'not_implemented' } });
  });
}

describe('my trips: past trips', () => {
  it('lists past trips as driver and as passenger in their own sections, after the upcoming ones', async () => {
    answer((asDriver) => (asDriver ? [makeTrip({ id: 1, to_town: 'Tandil' }), makeTrip({ id: 2, to_town: 'Rosario' })] : [makeTrip({ id: 3, to_town: 'Córdoba' })]));
    renderWithApp(<MyTripsRoute />, { path: '/my-trips' });
    const pastDriver = await screen.findByRole('region', { name: 'Viajes pasados como conductor' });
    expect(await within(pastDriver).findAllByTestId('trip-card')).toHaveLength(2);
    expect(within(pastDriver).getByText('Tandil')).toBeInTheDocument();
    const pastPassenger = await screen.findByRole('region', { name: 'Viajes pasados como pasajero' });
    expect(await within(pastPassenger).findAllByTestId('trip-card')).toHaveLength(1);
    expect(within(pastPassenger).getByText('Córdoba')).toBeInTheDocument();
    const upcoming = screen.getByRole('region', { name: 'Viajes a los que me subí' });
    expect(upcoming.compareDocumentPosition(pastDriver) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    for (const asDriver of [true, false]) {
      expect(call).toHaveBeenCalledWith(expect.objectContaining({ path: '/api/users/get-old-trips' }), expect.objectContaining({ query: { as_driver: asDriver } }));
    }
  });

  it('hides the past sections when there are no past trips', async () => {
    answer(() => []);
    renderWithApp(<MyTripsRoute />, { path: '/my-trips' });
    expect(await screen.findByText('No tenés viajes publicados como conductor.')).toBeInTheDocument();
    await waitFor(() => expect(call.mock.calls.filter(([endpoint]) => (endpoint as { path: string }).path === '/api/users/get-old-trips')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Viajes pasados como conductor' })).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Viajes pasados como pasajero' })).not.toBeInTheDocument();
    expect(screen.queryByText('Viajes pasados como conductor')).not.toBeInTheDocument();
  });
});
