export type UserTripsKind = { asDriver: boolean; old: boolean };

export const userKeys = {
  all: ['users'] as const,
  details: () => [...userKeys.all, 'detail'] as const,
  detail: (id: number | 'me') => [...userKeys.details(), id] as const,
  ratings: (id: number | 'me') => [...userKeys.all, 'ratings', id] as const,
  trips: (userId: number, kind: UserTripsKind) => [...userKeys.all, 'trips', userId, kind] as const,
  badges: (id: number) => [...userKeys.all, 'badges', id] as const,
};
