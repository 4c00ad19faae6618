import { MAX_PAGE_SIZE, PAGE_SIZES, endpoints, isLastPage, type Trip } from '@carpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys, type UserTripsKind } from './query-keys';

/**
 * Who asks for a profile's trips. The provider honours get-trips' `user_id` for admins only
 * (TripController::resolveTargetUserId: anyone else gets their own trips), so a visitor of someone
 * else's profile asks the trip search instead.
 */
export type TripsViewer = 'own' | 'admin' | 'visitor';

type Signal = { signal?: AbortSignal };

/**
 * GET /api/trips?user_id=&as_driver=true, every page: the upcoming trips `userId` drives that the
 * viewer may see (the search's visibility rules), as the provider's client `userTrips` asks them.
 */
async function searchDriverTrips(userId: number, { signal }: Signal): Promise<Trip[]> {
  const trips: Trip[] = [];
  for (let page: number = PAGE_SIZES.firstPage; ; page++) {
    const answer = await api.call(endpoints.trips.search, { query: { user_id: userId, as_driver: true, page, page_size: MAX_PAGE_SIZE }, signal });
    trips.push(...answer.data);
    if (isLastPage(answer.meta) || answer.data.length === 0) return trips;
  }
}

/**
 * The trips of `userId`'s profile: the viewer's own and admins' through get-trips (upcoming) or
 * get-old-trips, as driver or as passenger; a visitor's through the search (upcoming, as driver only:
 * the other lists are the admins', spec document 1 §2 Profile).
 */
export async function getUserTrips(userId: number, kind: UserTripsKind, viewer: TripsViewer, { signal }: Signal = {}): Promise<Trip[]> {
  if (viewer === 'visitor') return kind.asDriver && !kind.old ? searchDriverTrips(userId, { signal }) : [];
  // As the provider's client: one's own lists without user_id, an admin's with it.
  const options = { query: { as_driver: kind.asDriver, ...(viewer === 'admin' ? { user_id: userId } : {}) }, signal };
  const { data } = kind.old ? await api.call(endpoints.users.oldTrips, options) : await api.call(endpoints.users.trips, options);
  return data;
}

export const userTripsQueryOptions = (userId: number, kind: UserTripsKind, viewer: TripsViewer) =>
  queryOptions({
    // The viewer picks the call, so it is part of the key: a new session never reads another's answer.
    queryKey: [...userKeys.trips(userId, kind), viewer],
    queryFn: ({ signal }) => getUserTrips(userId, kind, viewer, { signal }),
    retry: false,
  });

export const useUserTrips = (userId: number | undefined, kind: UserTripsKind, viewer: TripsViewer, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...userTripsQueryOptions(userId ?? 0, kind, viewer), enabled: enabled && userId !== undefined });
