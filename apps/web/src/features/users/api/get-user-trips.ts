import { endpoints, type Trip } from '@carpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys, type UserTripsKind } from './query-keys';

/**
 * GET /api/users/get-trips (upcoming) or get-old-trips, as driver or as passenger, of `userId`.
 * Driver lists keep only the trips the user drives: a provider that answers the caller's own trips
 * for someone else's id (non-admins) then shows nothing rather than the wrong trips.
 */
export async function getUserTrips(userId: number, kind: UserTripsKind, { signal }: { signal?: AbortSignal } = {}): Promise<Trip[]> {
  const options = { query: { as_driver: kind.asDriver, user_id: userId }, signal };
  const { data } = kind.old ? await api.call(endpoints.users.oldTrips, options) : await api.call(endpoints.users.trips, options);
  return kind.asDriver ? data.filter((trip) => trip.user_id === userId) : data;
}

export const userTripsQueryOptions = (userId: number, kind: UserTripsKind) =>
  queryOptions({
    queryKey: userKeys.trips(userId, kind),
    queryFn: ({ signal }) => getUserTrips(userId, kind, { signal }),
    retry: false,
  });

export const useUserTrips = (userId: number | undefined, kind: UserTripsKind, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...userTripsQueryOptions(userId ?? 0, kind), enabled: enabled && userId !== undefined });
