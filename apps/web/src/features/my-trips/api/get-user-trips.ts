import { endpoints, type Trip } from '@carpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { myTripsKeys, type UserTripsKind } from './query-keys';

/** GET /api/users/get-trips (upcoming) or get-old-trips (past), as driver or as passenger. */
export const getUserTrips = async ({ asDriver, old }: UserTripsKind, { signal }: { signal?: AbortSignal } = {}): Promise<Trip[]> => {
  const options = { query: { as_driver: asDriver }, signal };
  const answer = old ? await api.call(endpoints.users.oldTrips, options) : await api.call(endpoints.users.trips, options);
  return answer.data;
};

export const userTripsQueryOptions = (kind: UserTripsKind) =>
  queryOptions({ queryKey: myTripsKeys.trips(kind), queryFn: ({ signal }) => getUserTrips(kind, { signal }) });

// Trips are created, edited and cancelled on other pages: always ask again when my trips opens.
export const useUserTrips = (kind: UserTripsKind) => useQuery({ ...userTripsQueryOptions(kind), refetchOnMount: 'always' });
