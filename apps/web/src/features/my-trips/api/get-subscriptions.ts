import { endpoints, type Subscription } from '@carpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { subscriptionKeys } from './query-keys';

/** GET /api/subscriptions: the user's saved searches with their match counts. */
export const getSubscriptions = async ({ signal }: { signal?: AbortSignal } = {}): Promise<Subscription[]> =>
  (await api.call(endpoints.subscriptions.list, { signal })).data;

export const subscriptionsQueryOptions = () =>
  queryOptions({ queryKey: subscriptionKeys.list(), queryFn: ({ signal }) => getSubscriptions({ signal }) });

// Alerts are saved from the trips home: always ask again when my trips opens.
export const useSubscriptions = () => useQuery({ ...subscriptionsQueryOptions(), refetchOnMount: 'always' });
