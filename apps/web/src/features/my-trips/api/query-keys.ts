export type UserTripsKind = { asDriver: boolean; old: boolean };

export const myTripsKeys = {
  all: ['my-trips'] as const,
  trips: (kind: UserTripsKind) => [...myTripsKeys.all, 'trips', kind] as const,
  paymentPending: () => [...myTripsKeys.all, 'payment-pending'] as const,
  pendingRequests: () => [...myTripsKeys.all, 'pending-requests'] as const,
  pendingRatings: () => [...myTripsKeys.all, 'pending-ratings'] as const,
  /** A request card's trip, when its row does not carry it. */
  trip: (id: number) => [...myTripsKeys.all, 'trip', id] as const,
};

export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  list: () => [...subscriptionKeys.all, 'list'] as const,
};
