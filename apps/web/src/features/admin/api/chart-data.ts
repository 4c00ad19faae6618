import { TIMING, endpoints, type ChartRangeQuery } from '@carpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './query-keys';

export const getTripsPerMonth = async (range: ChartRangeQuery, signal?: AbortSignal) =>
  (await api.call(endpoints.admin.trips, { query: range, signal })).trips;
export const getSeatsPerMonth = async (range: ChartRangeQuery, signal?: AbortSignal) =>
  (await api.call(endpoints.admin.seats, { query: range, signal })).seats;
export const getUsersPerMonth = async (range: ChartRangeQuery, signal?: AbortSignal) =>
  (await api.call(endpoints.admin.users, { query: range, signal })).users;
export const getMonthlyUsers = async (range: ChartRangeQuery, signal?: AbortSignal) =>
  (await api.call(endpoints.admin.monthlyUsers, { query: range, signal })).monthly_users;

/** Spec: the dashboard refreshes its data every 20 s while it is open. */
const polled = <T,>(name: string, range: ChartRangeQuery, fetcher: (range: ChartRangeQuery, signal?: AbortSignal) => Promise<T>) =>
  queryOptions({
    queryKey: adminKeys.chart(name, range),
    queryFn: ({ signal }) => fetcher(range, signal),
    refetchInterval: TIMING.adminPollMs,
    placeholderData: (previous) => previous,
  });

export const useTripsPerMonth = (range: ChartRangeQuery) => useQuery(polled('trips', range, getTripsPerMonth));
export const useSeatsPerMonth = (range: ChartRangeQuery) => useQuery(polled('seats', range, getSeatsPerMonth));
export const useUsersPerMonth = (range: ChartRangeQuery) => useQuery(polled('users', range, getUsersPerMonth));
export const useMonthlyUsers = (range: ChartRangeQuery) => useQuery(polled('monthly-users', range, getMonthlyUsers));
