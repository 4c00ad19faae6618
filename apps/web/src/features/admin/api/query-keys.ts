import type { ChartRangeQuery, TripSearchQuery } from '@carpool/contracts';

export const adminKeys = {
  all: ['admin'] as const,
  chart: (name: string, range: ChartRangeQuery) => [...adminKeys.all, 'chart', name, range] as const,
  userSearch: (name: string) => [...adminKeys.all, 'user-search', name] as const,
  trips: (search: TripSearchQuery) => [...adminKeys.all, 'trips', search] as const,
};
