import { PAGE_SIZES, TIMING, endpoints, isLastPage, type Conversation, type Message, type PaginationMeta, type User } from '@carpool/contracts';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { conversationKeys } from '@/lib/conversations';

export type ConversationsPage = { data: Conversation[]; meta?: PaginationMeta };

/** GET /api/conversations: chats with messages, most recently active first, 20 a page. */
export const getConversations = (page: number, { signal }: { signal?: AbortSignal } = {}): Promise<ConversationsPage> =>
  api.call(endpoints.conversations.list, { query: { page, page_size: PAGE_SIZES.default }, signal });

export function nextConversationsPage(lastPage: ConversationsPage, lastPageParam: number): number | undefined {
  if (lastPage.meta) return isLastPage(lastPage.meta) ? undefined : lastPage.meta.pagination.current_page + 1;
  return lastPage.data.length < PAGE_SIZES.default ? undefined : lastPageParam + 1;
}

export const conversationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: conversationKeys.lists(),
    queryFn: ({ pageParam, signal }) => getConversations(pageParam, { signal }),
    initialPageParam: PAGE_SIZES.firstPage as number,
    getNextPageParam: (lastPage, _pages, lastPageParam) => nextConversationsPage(lastPage, lastPageParam),
  });

/** The list follows new messages with the chat's 20 s poll (spec document 2 §9). */
export const useConversations = () =>
  useInfiniteQuery({ ...conversationsQueryOptions(), refetchOnMount: 'always', refetchInterval: TIMING.conversationPollMs });

/** GET /api/conversations/show/:id. */
export const useConversation = (id: number) =>
  useQuery({
    queryKey: conversationKeys.detail(id),
    queryFn: ({ signal }) => api.call(endpoints.conversations.show, { params: { id }, signal }),
    refetchInterval: TIMING.conversationPollMs,
  });

/** GET /api/conversations/user-list?value=: the people of my chats whose name contains the text (once each). */
export async function searchChatUsers(value: string, { signal }: { signal?: AbortSignal } = {}): Promise<User[]> {
  const { data } = await api.call(endpoints.conversations.userList, { query: { value }, signal });
  const seen = new Set<number>();
  return data.filter((user) => (seen.has(user.id) ? false : (seen.add(user.id), true)));
}

export const useChatUserSearch = (value: string) =>
  useQuery({
    queryKey: [...conversationKeys.all, 'user-list', value],
    queryFn: ({ signal }) => searchChatUsers(value, { signal }),
    enabled: value.length > 0,
  });

/**
 * GET /api/conversations/:id, newest first: the first page is the newest 20 (and marks the chat
 * read); each older page asks for the 20 before the oldest message shown (`timestamp`).
 */
export const getMessages = (id: number, before: string | null, { signal }: { signal?: AbortSignal } = {}) =>
  api.call(endpoints.conversations.messages, {
    params: { id },
    query: { pageSize: PAGE_SIZES.messages, read: true, ...(before ? { timestamp: before } : {}) },
    signal,
  });

export type MessagesPage = { data: Message[] };

export const messagesQueryOptions = (id: number) =>
  infiniteQueryOptions({
    queryKey: conversationKeys.messages(id),
    queryFn: ({ pageParam, signal }) => getMessages(id, pageParam, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage: MessagesPage) =>
      lastPage.data.length < PAGE_SIZES.messages ? undefined : (lastPage.data.at(-1)?.created_at ?? undefined),
  });

/** The open chat is asked again every 20 s (spec document 2 §9): new messages and seen ticks. */
export const useMessages = (id: number) => useInfiniteQuery({ ...messagesQueryOptions(id), refetchInterval: TIMING.conversationPollMs });

/** Every loaded message once, oldest first (pages overlap after new messages arrive). */
export function chronological(data: InfiniteData<MessagesPage> | undefined): Message[] {
  const byId = new Map<number, Message>();
  for (const page of data?.pages ?? []) for (const message of page.data) if (!byId.has(message.id)) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => (a.created_at === b.created_at ? a.id - b.id : a.created_at < b.created_at ? -1 : 1));
}

/** POST /api/conversations/:id/send; the message joins the newest page at once. */
export const useSendMessage = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => api.call(endpoints.conversations.send, { params: { id }, body: { message } }),
    onSuccess: ({ data }) => {
      queryClient.setQueryData<InfiniteData<MessagesPage>>(conversationKeys.messages(id), (cached) =>
        cached ? { ...cached, pages: cached.pages.map((page, index) => (index === 0 ? { data: [data, ...page.data] } : page)) } : cached,
      );
      void queryClient.invalidateQueries({ queryKey: conversationKeys.lists() });
    },
  });
};

/**
 * GET /api/conversations/unread: the messages of the chats I have not read; their number of
 * chats is the badge of the Mensajes tab and the header, polled every 20 s while logged in.
 */
export const useUnreadConversations = (userId: number | 'me', enabled: boolean) =>
  useQuery({
    queryKey: [...conversationKeys.unread(), userId],
    queryFn: async ({ signal }) => {
      const { data } = await api.call(endpoints.conversations.unread, { query: {}, signal });
      return new Set(data.map((message) => message.conversation_id)).size;
    },
    enabled,
    refetchInterval: enabled ? TIMING.conversationPollMs : false,
  });
