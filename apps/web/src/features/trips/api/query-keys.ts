import type { TripSearchQuery } from '@carpool/contracts';

type RoutePoint = { lat: number; lng: number };

export const tripKeys = {
  all: ['trips'] as const,
  searches: () => [...tripKeys.all, 'search'] as const,
  search: (query: TripSearchQuery) => [...tripKeys.searches(), query] as const,
  details: () => [...tripKeys.all, 'detail'] as const,
  detail: (id: number) => [...tripKeys.details(), id] as const,
  matchers: (id: number) => [...tripKeys.detail(id), 'matchers'] as const,
  price: (points: RoutePoint[]) => [...tripKeys.all, 'price', points.map(({ lat, lng }) => [lat, lng])] as const,
  sealing: () => [...tripKeys.all, 'sealing'] as const,
};
