import { PAGE_SIZES, endpoints, type Notification } from '@carpool/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notificationKeys } from './query-keys';

export type NotificationsPage = { data: Notification[] };

/** GET /api/notifications, 25 a page, newest first; `mark=true` marks the listed ones read, as the provider's client asks. */
export const getNotifications = (page: number, { signal }: { signal?: AbortSignal } = {}): Promise<NotificationsPage> =>
  api.call(endpoints.notifications.list, { query: { page, page_size: PAGE_SIZES.notifications, mark: true }, signal });

/** The answer has no pagination meta: a full page means the next may hold more, a short one is the last. */
export function nextNotificationsPage(lastPage: NotificationsPage, lastPageParam: number): number | undefined {
  return lastPage.data.length < PAGE_SIZES.notifications ? undefined : lastPageParam + 1;
}

export const notificationsInfiniteQueryOptions = (userId: number | 'me') =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(userId),
    queryFn: ({ pageParam, signal }) => getNotifications(pageParam, { signal }),
    initialPageParam: PAGE_SIZES.firstPage as number,
    getNextPageParam: (lastPage, _pages, lastPageParam) => nextNotificationsPage(lastPage, lastPageParam),
  });

// Every visit reads the list again: new notifications arrive between visits.
export const useNotifications = (userId: number | 'me') =>
  useInfiniteQuery({ ...notificationsInfiniteQueryOptions(userId), refetchOnMount: 'always' });
