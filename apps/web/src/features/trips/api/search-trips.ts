import { PAGE_SIZES, endpoints, isLastPage, type Paginated, type Trip, type TripSearchQuery } from '@carpool/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tripKeys } from '@/lib/query-keys';

/** The search without paging; page and page_size are added per page. */
export type TripSearch = Omit<TripSearchQuery, 'page' | 'page_size' | 'next'>;

export const searchTrips = (
  search: TripSearch,
  page: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Paginated<Trip>> =>
  api.call(endpoints.trips.search, { query: { ...search, page, page_size: PAGE_SIZES.trips }, signal });

export const searchTripsInfiniteQueryOptions = (search: TripSearch) =>
  infiniteQueryOptions({
    queryKey: tripKeys.search(search),
    queryFn: ({ pageParam, signal }) => searchTrips(search, pageParam, { signal }),
    initialPageParam: PAGE_SIZES.firstPage as number,
    // Paged lists append the next page until the last one.
    getNextPageParam: (lastPage) => (isLastPage(lastPage.meta) ? undefined : lastPage.meta.pagination.current_page + 1),
  });

export const useSearchTrips = (search: TripSearch) => useInfiniteQuery(searchTripsInfiniteQueryOptions(search));
