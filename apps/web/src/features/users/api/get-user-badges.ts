import { endpoints, type Badge } from '@carpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from '@/lib/query-keys';

/** GET /api/users/{id}/badges (a provider call the spec does not list): the badges the user earned. */
export async function getUserBadges(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<Badge[]> {
  const answer = await api.call(endpoints.users.badges, { params: { id }, signal });
  return answer.data;
}

export const userBadgesQueryOptions = (id: number) =>
  queryOptions({ queryKey: userKeys.badges(id), queryFn: ({ signal }) => getUserBadges(id, { signal }), staleTime: 5 * 60_000, retry: false });

export const useUserBadges = (id: number) => useQuery(userBadgesQueryOptions(id));
