import { endpoints, type Paginated, type Trip, type TripSearchQuery } from '@carpool/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './query-keys';

/** The admin list pages with `next` (spec document 2 §7); is_admin=true includes hidden trips. */
export const ADMIN_TRIPS_PAGE_SIZE = 20;

export const searchAdminTrips = (search: TripSearchQuery, signal?: AbortSignal): Promise<Paginated<Trip>> =>
  api.call(endpoints.trips.search, { query: { ...search, is_admin: true, page_size: ADMIN_TRIPS_PAGE_SIZE }, signal });

export const useAdminTrips = (search: TripSearchQuery | null) =>
  useQuery({
    queryKey: adminKeys.trips(search ?? {}),
    queryFn: ({ signal }) => searchAdminTrips(search!, signal),
    enabled: search !== null,
    placeholderData: keepPreviousData,
  });

/** POST /api/trips/{id}/change-visibility: hides a visible trip, shows a hidden one. */
export const changeVisibility = async (id: number): Promise<Trip> => (await api.call(endpoints.trips.changeVisibility, { params: { id } })).data;

export const useChangeVisibility = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changeVisibility,
    onSuccess: () => {
      // The trip shows (or no longer shows) in every list and page: nothing cached stays true.
      void client.invalidateQueries();
    },
  });
};
