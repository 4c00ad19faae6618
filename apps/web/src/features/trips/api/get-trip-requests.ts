import { endpoints, type PassengerRequest } from '@carpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tripRequestKeys } from '@/lib/query-keys';

/** GET /api/trips/:id/requests: the pending requests of the owner's trip, oldest first. */
export const getTripRequests = async (tripId: number, { signal }: { signal?: AbortSignal } = {}): Promise<PassengerRequest[]> =>
  (await api.call(endpoints.requests.ofTrip, { params: { id: tripId }, signal })).data;

export const tripRequestsQueryOptions = (tripId: number) =>
  queryOptions({ queryKey: tripRequestKeys.pending(tripId), queryFn: ({ signal }) => getTripRequests(tripId, { signal }) });

export const useTripRequests = (tripId: number, enabled: boolean) => useQuery({ ...tripRequestsQueryOptions(tripId), enabled });
