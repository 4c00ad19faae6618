import { matchPath } from 'react-router';
import { paths } from '@/config/paths';
import { tripQueryOptions } from '@/features/trips/api/get-trip';
import { queryClient } from '@/lib/query-client';
import { session } from '@/lib/session';
import { boot, tokenChecked } from './boot';
import { appTarget } from './guards';
import { prefetchTripSearch } from './trips-home-loader';

/**
 * The trip page asks for its trip as soon as the start-up has refreshed the token, beside the user's
 * own answer, instead of after the start-up and the page's chunk (two round trips less on slow 4G).
 * Settles when the trip has been answered (or could not be asked for); never fails.
 */
export function prefetchTrip(id: number): Promise<void> {
  if (!Number.isInteger(id) || id <= 0) return Promise.resolve();
  return tokenChecked()
    .then(() => (session.getState().token ? queryClient.prefetchQuery(tripQueryOptions(id)) : undefined))
    .catch(() => undefined);
}

/** The trip the app opened on, asked for by startFirstPage. */
let firstTrip: { id: number; answered: Promise<void> } | undefined;

/**
 * The trip page's loader on the app's first render waits for the trip that startFirstPage asked for:
 * its trip and the user (the start-up) come back about together, and whichever the router saw first
 * decided whether the layout rendered once with the trip or twice (first with 'Cargando', then the
 * trip, a whole render later). Later navigations show the page at once.
 */
export function firstTripAnswered(id: number): Promise<void> | undefined {
  const first = firstTrip?.id === id ? firstTrip.answered : undefined;
  firstTrip = undefined;
  return first;
}

/**
 * The start-up's calls (token refresh, configuration, user) and the first page's own data (the trips
 * home's search, the trip page's trip) for the address the app opens on. app/start.ts makes them
 * before the rest of the app's code has evaluated; the route loaders ask again later and get the same
 * answers (boot() runs once, the query cache shares a request in flight).
 */
export function startFirstPage(url: string): void {
  void boot().catch(() => undefined);
  const target = appTarget(url);
  const pathname = target.split('?')[0]!;
  const trip = matchPath(`${paths.trips}/:id/:location?`, pathname);
  if (trip) {
    const id = Number(trip.params.id);
    firstTrip = { id, answered: prefetchTrip(id) };
  }
  else if (matchPath(paths.trips, pathname)) void prefetchTripSearch(url).catch(() => undefined);
}
