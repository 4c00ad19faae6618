/** Keyed by user, so another login never shows the previous user's bell. */
export const notificationKeys = {
  all: ['notifications'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  list: (userId: number | 'me') => [...notificationKeys.lists(), userId] as const,
  counts: () => [...notificationKeys.all, 'count'] as const,
  count: (userId: number | 'me') => [...notificationKeys.counts(), userId] as const,
};
