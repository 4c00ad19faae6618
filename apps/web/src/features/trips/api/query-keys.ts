import type { TripSearchQuery } from '@carpool/contracts';

export const tripKeys = {
  all: ['trips'] as const,
  searches: () => [...tripKeys.all, 'search'] as const,
  search: (query: TripSearchQuery) => [...tripKeys.searches(), query] as const,
  details: () => [...tripKeys.all, 'detail'] as const,
  detail: (id: number) => [...tripKeys.details(), id] as const,
  places: (name: string, country: string | undefined, multicountry: boolean) =>
    [...tripKeys.all, 'places', { name, country, multicountry }] as const,
};
