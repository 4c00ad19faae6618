import { endpoints, type PendingRating } from '@carpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { myTripsKeys } from '@/lib/query-keys';

/** GET /api/users/ratings/pending: ratings the user still owes. */
export const getPendingRatings = async ({ signal }: { signal?: AbortSignal } = {}): Promise<PendingRating[]> =>
  (await api.call(endpoints.ratings.pending, { signal })).data;

export const pendingRatingsQueryOptions = () =>
  queryOptions({ queryKey: myTripsKeys.pendingRatings(), queryFn: ({ signal }) => getPendingRatings({ signal }) });

export const usePendingRatings = () => useQuery({ ...pendingRatingsQueryOptions(), refetchOnMount: 'always' });
