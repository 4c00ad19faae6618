import type { TripSearchQuery } from '@carpool/contracts';

type RoutePoint = { lat: number; lng: number };

/** Trip lists and pages several features read or refresh: the search, a trip, its booking lists. */
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

/** A trip's booking lists live under its detail key, so refreshing the trip refreshes them too. */
export const tripRequestKeys = {
  pending: (tripId: number) => [...tripKeys.detail(tripId), 'requests'] as const,
  passengers: (tripId: number) => [...tripKeys.detail(tripId), 'passengers'] as const,
};

/** Upcoming or past trips, as driver or as passenger. */
export type UserTripsKind = { asDriver: boolean; old: boolean };

/** Who asks for someone's trips: the call depends on it (lib/user-trips.ts). */
export type TripsViewer = 'own' | 'admin' | 'visitor';

export const userKeys = {
  all: ['users'] as const,
  details: () => [...userKeys.all, 'detail'] as const,
  detail: (id: number | 'me') => [...userKeys.details(), id] as const,
  ratings: (id: number | 'me') => [...userKeys.all, 'ratings', id] as const,
  allTrips: () => [...userKeys.all, 'trips'] as const,
  // The viewer picks the call, so it is part of the key: a new session never reads another's answer.
  trips: (userId: number | 'me', kind: UserTripsKind, viewer: TripsViewer) => [...userKeys.allTrips(), userId, kind, viewer] as const,
  badges: (id: number) => [...userKeys.all, 'badges', id] as const,
};

/** The lists of the my trips page besides the trips themselves (userKeys.trips('me', …)). */
export const myTripsKeys = {
  all: ['my-trips'] as const,
  paymentPending: () => [...myTripsKeys.all, 'payment-pending'] as const,
  pendingRequests: () => [...myTripsKeys.all, 'pending-requests'] as const,
  pendingRatings: () => [...myTripsKeys.all, 'pending-ratings'] as const,
  /** A request card's trip, when its row does not carry it. */
  trip: (id: number) => [...myTripsKeys.all, 'trip', id] as const,
};

/** The session's cars (settings, the trip form, the start-up preload) and the car catalogue. */
export const carKeys = {
  all: ['cars'] as const,
  list: () => [...carKeys.all, 'list'] as const,
  brands: () => [...carKeys.all, 'brands'] as const,
  models: (brandId: number) => [...carKeys.all, 'models', brandId] as const,
  colors: () => [...carKeys.all, 'colors'] as const,
};
