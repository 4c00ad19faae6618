import { PAGE_SIZES, endpoints, isLastPage, type Paginated, type Rating } from '@carpool/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from '@/lib/query-keys';

/** GET /api/users/{id}/ratings, or /api/users/ratings for one's own, 200 per page (spec document 2 §9). */
export function getUserRatings(id: number | 'me', page: number, { signal }: { signal?: AbortSignal } = {}): Promise<Paginated<Rating>> {
  const query = { page, page_size: PAGE_SIZES.ratings };
  return id === 'me'
    ? api.call(endpoints.ratings.list, { query, signal })
    : api.call(endpoints.ratings.listOfUser, { params: { id }, query, signal });
}

export const userRatingsInfiniteQueryOptions = (id: number | 'me') =>
  infiniteQueryOptions({
    queryKey: userKeys.ratings(id),
    queryFn: ({ pageParam, signal }) => getUserRatings(id, pageParam, { signal }),
    initialPageParam: PAGE_SIZES.firstPage as number,
    getNextPageParam: (lastPage) => (isLastPage(lastPage.meta) ? undefined : lastPage.meta.pagination.current_page + 1),
    retry: false,
  });

export const useUserRatings = (id: number | 'me', { enabled = true }: { enabled?: boolean } = {}) =>
  useInfiniteQuery({ ...userRatingsInfiniteQueryOptions(id), enabled });
