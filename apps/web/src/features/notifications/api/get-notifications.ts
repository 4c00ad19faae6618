import { PAGE_SIZES, endpoints, isLastPage, type Notification, type PaginationMeta } from '@carpool/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notificationKeys } from './query-keys';

export type NotificationsPage = { data: Notification[]; meta?: PaginationMeta };

/** GET /api/notifications, 25 a page, newest first. Listing them marks them read. */
export const getNotifications = (page: number, { signal }: { signal?: AbortSignal } = {}): Promise<NotificationsPage> =>
  api.call(endpoints.notifications.list, { query: { page, page_size: PAGE_SIZES.notifications }, signal });

/**
 * The next page, or undefined after the last one. The provider may answer without meta: then a
 * short page is the last.
 */
export function nextNotificationsPage(lastPage: NotificationsPage, lastPageParam: number): number | undefined {
  if (lastPage.meta) return isLastPage(lastPage.meta) ? undefined : lastPage.meta.pagination.current_page + 1;
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
