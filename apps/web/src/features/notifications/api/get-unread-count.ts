import { TIMING, endpoints } from '@carpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notificationKeys } from './query-keys';

/** GET /api/notifications/count: the bell's unread notifications. */
export const getUnreadCount = async ({ signal }: { signal?: AbortSignal } = {}): Promise<number> =>
  (await api.call(endpoints.notifications.count, { signal })).data;

export const unreadCountQueryOptions = (userId: number | 'me') =>
  queryOptions({ queryKey: notificationKeys.count(userId), queryFn: ({ signal }) => getUnreadCount({ signal }), staleTime: 0 });

/** Polled every 30 s (spec document 2 §9) while someone is logged in. */
export const useUnreadCountQuery = (userId: number | 'me', enabled: boolean) =>
  useQuery({ ...unreadCountQueryOptions(userId), enabled, refetchInterval: enabled ? TIMING.notificationsPollMs : false });
