import { endpoints, type Trip } from '@carpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tripKeys } from '@/lib/query-keys';

export const getTrip = async (id: number, { signal }: { signal?: AbortSignal } = {}): Promise<Trip> =>
  (await api.call(endpoints.trips.show, { params: { id }, signal })).data;

export const tripQueryOptions = (id: number) =>
  queryOptions({ queryKey: tripKeys.detail(id), queryFn: ({ signal }) => getTrip(id, { signal }) });

export const useTrip = (id: number, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...tripQueryOptions(id), enabled });
