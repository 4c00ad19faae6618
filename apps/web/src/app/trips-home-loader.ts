import type { LoaderFunctionArgs } from 'react-router';
import { searchTripsInfiniteQueryOptions } from '@/features/trips/api/search-trips';
import { readSearch, toTripSearch } from '@/features/trips/utils/search-params';
import { queryClient } from '@/lib/query-client';
import { session } from '@/lib/session';
import { boot } from './boot';
import { guard } from './guards';

const guardPublic = guard('public');

/**
 * The trips home's search starts with the start-up instead of after the first render: at once for a
 * guest, after the token refresh for a user (spec: refresh the token, then search trips). Its query
 * and the search's URL format are part of the entry (they are small), so the request does not wait for
 * the page's chunks.
 */
export async function prefetchTripSearch(url: string): Promise<void> {
  // The start-up (memoised) loads the cached session first, synchronously.
  const booting = boot();
  if (session.getState().token) await booting;
  const search = toTripSearch(readSearch(new URL(url).searchParams));
  await queryClient.prefetchInfiniteQuery(searchTripsInfiniteQueryOptions(search));
}

export function tripsHomeLoader(args: LoaderFunctionArgs) {
  void prefetchTripSearch(args.request.url).catch(() => undefined);
  return guardPublic(args);
}
