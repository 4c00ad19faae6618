import { MAX_PAGE_SIZE, PAGE_SIZES, endpoints, isLastPage, type Trip } from '@carpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { userKeys, type TripsViewer, type UserTripsKind } from './query-keys';

export type { TripsViewer, UserTripsKind };

/**
 * Whose trips: the session's own (my trips, one's own profile) or another user's. The provider honours
 * get-trips' `user_id` for admins only (TripController::resolveTargetUserId: anyone else gets their own
 * trips), so a visitor of someone else's profile asks the trip search instead.
 */
export type TripsOwner = { userId: number | 'me'; viewer: TripsViewer };

export const OWN_TRIPS: TripsOwner = { userId: 'me', viewer: 'own' };

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
 * GET /api/users/get-trips (upcoming) or get-old-trips (past), as driver or as passenger: one's own
 * without user_id, an admin's with it, as the provider's client asks; a visitor's through the search
 * (upcoming, as driver only: the other lists are the admins', spec document 1 §2 Profile).
 */
export async function getUserTrips(kind: UserTripsKind, { userId, viewer }: TripsOwner, { signal }: Signal = {}): Promise<Trip[]> {
  if (viewer === 'visitor') return kind.asDriver && !kind.old && userId !== 'me' ? searchDriverTrips(userId, { signal }) : [];
  const options = { query: { as_driver: kind.asDriver, ...(viewer === 'admin' && userId !== 'me' ? { user_id: userId } : {}) }, signal };
  const { data } = kind.old ? await api.call(endpoints.users.oldTrips, options) : await api.call(endpoints.users.trips, options);
  return data;
}

export const userTripsQueryOptions = (kind: UserTripsKind, owner: TripsOwner) =>
  queryOptions({
    queryKey: userKeys.trips(owner.userId, kind, owner.viewer),
    queryFn: ({ signal }) => getUserTrips(kind, owner, { signal }),
  });

export const useUserTrips = (
  kind: UserTripsKind,
  owner: TripsOwner,
  options: { enabled?: boolean; retry?: false; refetchOnMount?: 'always' } = {},
) => useQuery({ ...userTripsQueryOptions(kind, owner), ...options });
