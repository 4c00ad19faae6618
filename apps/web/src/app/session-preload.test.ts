import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { startSession } from '@/features/auth/api/login';
import { api } from '@/lib/api-client';
import type * as ApiClientModule from '@/lib/api-client';
import { carsQueryOptions } from '@/lib/cars';
import { myTripsKeys, userKeys } from '@/lib/query-keys';
import { queryClient } from '@/lib/query-client';
import { session } from '@/lib/session';
import { makeConfig } from '@/testing/fixtures';
import { wireSession } from './boot';
import { startDeviceSync } from './device-sync';
import { startSessionPreload } from './session-preload';

vi.mock('@/lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof ApiClientModule>();
  return { ...actual, api: { call: vi.fn(), baseUrl: '' } };
});

const call = vi.mocked(api.call) as unknown as Mock<(...args: unknown[]) => Promise<unknown>>;
const me = { id: 7, name: 'Ana', image: 'a.jpg', description: 'Hola' };
const car = { id: 3, patente: 'AB 123 CD', description: '', user_id: 7 };

/** What the app asked for, as "METHOD /path" plus the as_driver query of the trip lists. */
const asked = () =>
  call.mock.calls.map(([endpoint, options]) => {
    const { method, path } = endpoint as { method: string; path: string };
    const asDriver = (options as { query?: { as_driver?: boolean } } | undefined)?.query?.as_driver;
    return asDriver === undefined ? `${method} ${path}` : `${method} ${path} as_driver=${asDriver}`;
  });

const PRELOAD = [
  'GET /api/users/get-trips as_driver=true',
  'GET /api/users/get-trips as_driver=false',
  'GET /api/users/ratings/pending',
  'GET /api/users/requests',
  'GET /api/cars',
];

let scheduled: (() => void)[] = [];
const schedule = (run: () => void) => void scheduled.push(run);
const runScheduled = async () => {
  scheduled.splice(0).forEach((run) => run());
  await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
};
const stops: (() => void)[] = [];

beforeEach(() => {
  wireSession();
  call.mockImplementation(async (endpoint) => {
    const { method, path } = endpoint as { method: string; path: string };
    if (path === '/api/users/:id') return { data: me };
    if (path === '/api/cars') return { data: [car] };
    if (method === 'POST' && path === '/api/devices') return { data: { id: 1, device_id: 'web-1', device_type: 'browser', app_version: 3, notifications: false } };
    return { data: [] };
  });
});

afterEach(() => {
  stops.splice(0).forEach((stop) => stop());
  scheduled = [];
  session.clear('logout');
  queryClient.clear();
  call.mockReset();
});

/** The two session starters of the app: the preload (scheduled here by hand) and the device update. */
const startBoth = () => {
  stops.push(startSessionPreload({ store: session, client: queryClient, schedule }));
  stops.push(startDeviceSync(session, undefined, async () => null));
};

describe('the session preload', () => {
  it('after login: the user, then own trips as driver and passenger, pending ratings and requests, cars and the device', async () => {
    startBoth();
    expect(call).not.toHaveBeenCalled();

    await startSession({ token: 'fresh', config: makeConfig() });
    expect(asked()).toContain('GET /api/users/:id');
    // Nothing of the preload leaves on login's own path: it waits to be scheduled.
    expect(asked().filter((entry) => PRELOAD.includes(entry))).toEqual([]);

    await runScheduled();
    expect(asked()).toEqual(expect.arrayContaining([...PRELOAD, 'POST /api/devices']));
    // The answers are where the pages read them.
    expect(queryClient.getQueryData(carsQueryOptions().queryKey)).toEqual([car]);
    expect(queryClient.getQueryState(myTripsKeys.pendingRatings())?.status).toBe('success');
    expect(queryClient.getQueryState(myTripsKeys.pendingRequests())?.status).toBe('success');
    expect(queryClient.getQueryState(userKeys.trips('me', { asDriver: true, old: false }, 'own'))?.status).toBe('success');
    expect(queryClient.getQueryState(userKeys.trips('me', { asDriver: false, old: false }, 'own'))?.status).toBe('success');
  });

  it('on start with a token and a loaded user: the same lists, once', async () => {
    session.setToken('cached');
    session.setUser(me);
    startBoth();
    await runScheduled();
    expect(asked()).toEqual(expect.arrayContaining([...PRELOAD, 'POST /api/devices']));
    const count = call.mock.calls.length;

    // A refreshed token or a changed profile is the same session: nothing is asked again.
    session.setToken('refreshed');
    session.setUser({ ...me, name: 'Ana María' });
    await runScheduled();
    expect(call.mock.calls.length).toBe(count);
  });

  it('asks nothing for a guest, and nothing for a session that ended before its turn', async () => {
    startBoth();
    await runScheduled();
    expect(call).not.toHaveBeenCalled();

    session.setToken('cached');
    session.setUser(me);
    session.clear('logout');
    call.mockClear();
    await runScheduled();
    expect(asked().filter((entry) => PRELOAD.includes(entry))).toEqual([]);
  });
});
