import { endpoints, type PassengerRequest } from '@carpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { myTripsKeys } from '@/lib/query-keys';

/** GET /api/users/requests: requests on the user's trips awaiting an answer. */
export const getPendingRequests = async ({ signal }: { signal?: AbortSignal } = {}): Promise<PassengerRequest[]> =>
  (await api.call(endpoints.requests.pending, { signal })).data;

export const pendingRequestsQueryOptions = () =>
  queryOptions({ queryKey: myTripsKeys.pendingRequests(), queryFn: ({ signal }) => getPendingRequests({ signal }) });

export const usePendingRequests = () => useQuery({ ...pendingRequestsQueryOptions(), refetchOnMount: 'always' });
