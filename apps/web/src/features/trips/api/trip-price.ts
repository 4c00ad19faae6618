import { endpoints, type PriceInfo } from '@carpool/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tripKeys } from '@/lib/query-keys';

type RoutePoint = { lat: number; lng: number };

/** POST /api/trips/price: distance, duration, co2 and the price limits along the points. */
export const getTripPrice = async (points: RoutePoint[], { signal }: { signal?: AbortSignal } = {}): Promise<PriceInfo> =>
  (await api.call(endpoints.trips.price, { body: { points: points.map(({ lat, lng }) => ({ lat, lng })) }, signal })).data;

export const tripPriceQueryOptions = (points: RoutePoint[]) =>
  queryOptions({
    queryKey: tripKeys.price(points),
    queryFn: ({ signal }) => getTripPrice(points, { signal }),
    staleTime: 10 * 60_000,
  });

/** Asked once origin and destination are chosen. */
export const useTripPrice = (points: RoutePoint[]) =>
  useQuery({ ...tripPriceQueryOptions(points), enabled: points.length >= 2, placeholderData: keepPreviousData });
