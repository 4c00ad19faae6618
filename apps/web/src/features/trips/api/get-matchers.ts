import { SEARCH, endpoints, type TripUser } from '@carpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tripKeys } from '@/lib/query-keys';

/** The owner's matching passengers within 25,000 m. */
export const getMatchers = async (id: number, { signal }: { signal?: AbortSignal } = {}): Promise<TripUser[]> =>
  (await api.call(endpoints.trips.matchers, { params: { id }, query: { radius: SEARCH.matchingRadiusM }, signal })).data;

export const matchersQueryOptions = (id: number) =>
  queryOptions({ queryKey: tripKeys.matchers(id), queryFn: ({ signal }) => getMatchers(id, { signal }) });

export const useMatchers = (id: number, enabled: boolean) => useQuery({ ...matchersQueryOptions(id), enabled });
