import { endpoints, type User } from '@carpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from '@/lib/query-keys';

export type { User };

/** GET /api/users/{id|me}: the provider answers a fractal item, `{ data: user }`. */
export async function getUser(id: number | 'me', { signal }: { signal?: AbortSignal } = {}): Promise<User> {
  const answer = await api.call(endpoints.users.show, { params: { id }, signal });
  return answer.data;
}

export const userQueryOptions = (id: number | 'me') =>
  queryOptions({ queryKey: userKeys.detail(id), queryFn: ({ signal }) => getUser(id, { signal }) });

export const useUser = (id: number | 'me') => useQuery(userQueryOptions(id));
