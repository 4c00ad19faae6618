import { endpoints, type Place } from '@carpool/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A place chosen in an autocomplete (the trip search and form, the admin trips search). */
export type SelectedPlace = { name: string; lat: number; lng: number; id?: string; country?: string; state?: string };

export const placeKeys = {
  search: (name: string, country: string | undefined, multicountry: boolean) => ['places', { name, country, multicountry }] as const,
};

export type PlaceQuery = { name: string; country?: string; multicountry: boolean };

/** Places sorted by descending importance (spec §5), whatever order the answer has. */
export const autocompletePlaces = async (
  { name, country, multicountry }: PlaceQuery,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Place[]> => {
  const answer = await api.call(endpoints.trips.autocomplete, { query: { name, country, multicountry }, signal });
  return [...answer.nodes_geos].sort((a, b) => b.importance - a.importance);
};

export const placesQueryOptions = (query: PlaceQuery) =>
  queryOptions({
    queryKey: placeKeys.search(query.name, query.country, query.multicountry),
    queryFn: ({ signal }) => autocompletePlaces(query, { signal }),
    staleTime: 5 * 60_000,
  });

export const usePlaces = (query: PlaceQuery, enabled: boolean) =>
  useQuery({ ...placesQueryOptions(query), enabled, placeholderData: keepPreviousData });
