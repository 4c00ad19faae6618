export const userKeys = {
  all: ['users'] as const,
  details: () => [...userKeys.all, 'detail'] as const,
  detail: (id: number | 'me') => [...userKeys.details(), id] as const,
};
