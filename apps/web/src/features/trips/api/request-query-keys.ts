import type { QueryClient } from '@tanstack/react-query';
import { tripKeys } from './query-keys';

/** A trip's booking lists live under its detail key, so refreshing the trip refreshes them too. */
export const tripRequestKeys = {
  pending: (tripId: number) => [...tripKeys.detail(tripId), 'requests'] as const,
  passengers: (tripId: number) => [...tripKeys.detail(tripId), 'passengers'] as const,
};

/** After a request changes state: the trip (seats, marker, lists) and the searches' seat counts. */
export function refreshTripBooking(queryClient: QueryClient, tripId: number) {
  void queryClient.invalidateQueries({ queryKey: tripKeys.detail(tripId) });
  void queryClient.invalidateQueries({ queryKey: tripKeys.searches() });
}
