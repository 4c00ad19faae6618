import type { QueryClient } from '@tanstack/react-query';
import { pendingRatingsQueryOptions } from '@/features/my-trips/api/get-pending-ratings';
import { pendingRequestsQueryOptions } from '@/features/my-trips/api/get-pending-requests';
import { carsQueryOptions } from '@/lib/cars';
import { queryClient as appQueryClient } from '@/lib/query-client';
import { session, type SessionStore } from '@/lib/session';
import { OWN_TRIPS, userTripsQueryOptions } from '@/lib/user-trips';

/**
 * The session's own data (spec document 1 §4 Start-up, document 2 §4 Login): own trips as driver and
 * as passenger, pending ratings, pending requests and cars, into the cache under the keys the pages
 * read, so my trips and the trip form open with data. The user is loaded by the start-up and the
 * login themselves, the device by device-sync.ts, and the notification poll (the badges) by the
 * layout's useNavigationBadges whenever a session exists. Failures are left to the pages, which ask again.
 */
export function preloadSessionData(client: QueryClient): Promise<unknown> {
  return Promise.allSettled([
    client.prefetchQuery(userTripsQueryOptions({ asDriver: true, old: false }, OWN_TRIPS)),
    client.prefetchQuery(userTripsQueryOptions({ asDriver: false, old: false }, OWN_TRIPS)),
    client.prefetchQuery(pendingRatingsQueryOptions()),
    client.prefetchQuery(pendingRequestsQueryOptions()),
    client.prefetchQuery(carsQueryOptions()),
  ]);
}

const whenIdle = (run: () => void) => {
  if (typeof globalThis.requestIdleCallback === 'function') globalThis.requestIdleCallback(run, { timeout: 3_000 });
  else setTimeout(run, 500);
};

export type SessionPreloadDeps = {
  store?: SessionStore;
  client?: QueryClient;
  /** Runs the preload later: after the first screen and on idle in the app. */
  schedule?: (run: () => void) => void;
};

/**
 * Preloads once per session, when a user is known: at start with a cached token, and after each login
 * (the user arrives after the token, and after login's reset of the lists, which the scheduled run
 * follows). Never on the login's path: nothing here is awaited by it. A guest gets nothing.
 */
export function startSessionPreload({ store = session, client = appQueryClient, schedule = whenIdle }: SessionPreloadDeps = {}): () => void {
  let preloadedFor: number | null = null;
  const check = () => {
    const { token, user } = store.getState();
    if (!token) {
      preloadedFor = null;
      return;
    }
    if (!user || preloadedFor === user.id) return;
    preloadedFor = user.id;
    schedule(() => {
      const now = store.getState();
      // Logged out (or someone else) meanwhile: that session's data is not wanted.
      if (!now.token || now.user?.id !== preloadedFor) return;
      void preloadSessionData(client);
    });
  };
  check();
  return store.subscribe(check);
}
