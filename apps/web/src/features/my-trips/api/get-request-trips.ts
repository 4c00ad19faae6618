import { endpoints, type PassengerRequest, type Trip } from '@carpool/contracts';
import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { myTripsKeys } from '@/lib/query-keys';

const getTrip = async (id: number, { signal }: { signal?: AbortSignal } = {}): Promise<Trip> =>
  (await api.call(endpoints.trips.show, { params: { id }, signal })).data;

/**
 * The trip of each request card. The provider's rows carry only `trip_id` (PassengerTransformer; the
 * mock adds `trip`), and its own client looks the trip up the same way: among the trips the page has
 * loaded (my trips as driver, for the requests on them), else one GET /api/trips/:id per trip (the
 * seats to pay). Nothing is fetched while `loaded` is still loading, so no trip is asked for twice.
 */
export function useRequestTrips(requests: PassengerRequest[] | undefined, loaded?: UseQueryResult<Trip[]>) {
  const known = new Map((loaded?.data ?? []).map((trip) => [trip.id, trip]));
  const settled = !loaded?.isPending;
  const missing = settled ? [...new Set((requests ?? []).filter((row) => !row.trip && !known.has(row.trip_id)).map((row) => row.trip_id))] : [];
  const fetched = useQueries({
    queries: missing.map((id) => ({ queryKey: myTripsKeys.trip(id), queryFn: ({ signal }: { signal: AbortSignal }) => getTrip(id, { signal }) })),
  });
  fetched.forEach((query) => {
    if (query.data) known.set(query.data.id, query.data);
  });
  return (request: PassengerRequest): Trip | undefined => request.trip ?? known.get(request.trip_id);
}
