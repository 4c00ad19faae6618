import { PAGE_SIZES, endpoints, isLastPage, type PaginationMeta, type User } from '@carpool/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tripKeys } from '@/lib/query-keys';

export const friendKeys = {
  all: ['friends'] as const,
  list: (value: string) => [...friendKeys.all, 'list', value] as const,
  pending: () => [...friendKeys.all, 'pending'] as const,
  sent: () => [...friendKeys.all, 'sent'] as const,
  search: (value: string) => [...friendKeys.all, 'search', value] as const,
};

export type FriendsPage = { data: User[]; meta?: PaginationMeta };

/** GET /api/friends?page&page_size&value: my friends by name, 20 a page. */
export const getFriends = (value: string, page: number, { signal }: { signal?: AbortSignal } = {}): Promise<FriendsPage> =>
  api.call(endpoints.friends.list, { query: { page, page_size: PAGE_SIZES.default, ...(value ? { value } : {}) }, signal });

export const useFriends = (value: string) =>
  useInfiniteQuery({
    queryKey: friendKeys.list(value),
    queryFn: ({ pageParam, signal }) => getFriends(value, pageParam, { signal }),
    initialPageParam: PAGE_SIZES.firstPage as number,
    getNextPageParam: (lastPage, _pages, lastPageParam) =>
      lastPage.meta ? (isLastPage(lastPage.meta) ? undefined : lastPageParam + 1) : lastPage.data.length < PAGE_SIZES.default ? undefined : lastPageParam + 1,
  });

/** GET /api/friends/pedings: who asked me to be friends. */
export const usePendingFriends = () =>
  useQuery({ queryKey: friendKeys.pending(), queryFn: async ({ signal }) => (await api.call(endpoints.friends.pending, { signal })).data });

/** GET /api/friends/sent-pendings: whom I asked, still without an answer. */
export const useSentFriendRequests = () =>
  useQuery({ queryKey: friendKeys.sent(), queryFn: async ({ signal }) => (await api.call(endpoints.friends.sentPending, { signal })).data });

export type FriendAction = 'request' | 'accept' | 'reject' | 'delete';

/** POST /api/friends/{action}/:id (empty body, answers "OK"). */
export const friendAction = async (action: FriendAction, id: number): Promise<void> => {
  await api.call(endpoints.friends[action], { params: { id } });
};

/** Accept, reject, delete or request; the lists concerned are asked again. */
export const useFriendAction = (action: FriendAction) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => friendAction(action, id),
    onSuccess: () => {
      // A request leaves the search results as they are (the row shows it sent) and joins the sent ones.
      void queryClient.invalidateQueries({ queryKey: action === 'request' ? friendKeys.sent() : friendKeys.all });
      // Friends see each other's friends-only trips at once.
      void queryClient.invalidateQueries({ queryKey: tripKeys.all });
    },
  });
};

/**
 * GET /api/users/list?value=: people to befriend, with `state` ('pending' once asked). Runs only
 * for non-empty text (spec document 1 §5); a newer text aborts the search in flight (its signal).
 */
export const useFriendSearch = (value: string) =>
  useQuery({
    queryKey: friendKeys.search(value),
    queryFn: async ({ signal }) => (await api.call(endpoints.users.list, { query: { value, page_size: PAGE_SIZES.default }, signal })).data,
    enabled: value.length > 0,
  });
