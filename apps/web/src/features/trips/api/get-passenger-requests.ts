import { endpoints, type PassengerRequest } from '@carpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tripRequestKeys } from '@/lib/query-keys';

/** GET /api/trips/:tripId/passengers: accepted (1) and waiting-for-payment (4) requests. */
export const getPassengerRequests = async (tripId: number, { signal }: { signal?: AbortSignal } = {}): Promise<PassengerRequest[]> =>
  (await api.call(endpoints.requests.passengers, { params: { tripId }, signal })).data;

export const passengerRequestsQueryOptions = (tripId: number) =>
  queryOptions({ queryKey: tripRequestKeys.passengers(tripId), queryFn: ({ signal }) => getPassengerRequests(tripId, { signal }) });

export const usePassengerRequests = (tripId: number, enabled: boolean) => useQuery({ ...passengerRequestsQueryOptions(tripId), enabled });
