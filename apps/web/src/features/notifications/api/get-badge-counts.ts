import { TIMING, endpoints, type NavigationBadgeCounts } from '@carpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notificationKeys } from './query-keys';

/** GET /api/notifications/count: the bell's unread notifications and the Mensajes and Mis viajes badges. */
export const getBadgeCounts = async ({ signal }: { signal?: AbortSignal } = {}): Promise<NavigationBadgeCounts> =>
  (await api.call(endpoints.notifications.count, { signal })).data;

export const badgeCountsQueryOptions = (userId: number | 'me') =>
  queryOptions({ queryKey: notificationKeys.count(userId), queryFn: ({ signal }) => getBadgeCounts({ signal }), staleTime: 0 });

/** Polled every 30 s (spec document 2 §9, notifications poll) while someone is logged in. */
export const useBadgeCountsQuery = (userId: number | 'me', enabled: boolean) =>
  useQuery({ ...badgeCountsQueryOptions(userId), enabled, refetchInterval: enabled ? TIMING.notificationsPollMs : false });
