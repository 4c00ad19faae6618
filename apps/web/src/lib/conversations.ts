import { endpoints, type Conversation } from '@carpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError, api } from './api-client';
import { i18n } from './i18n';
import { toast } from './toast';
import { useProfileGuard } from './use-profile-guard';

/** Query keys of conversations, shared by the chat screen and every "Enviar mensaje" entry point. */
export const conversationKeys = {
  all: ['conversations'] as const,
  lists: () => [...conversationKeys.all, 'list'] as const,
  detail: (id: number) => [...conversationKeys.all, 'detail', id] as const,
  messages: (id: number) => [...conversationKeys.all, 'messages', id] as const,
  unread: () => [...conversationKeys.all, 'unread'] as const,
};

/** POST /api/conversations: the private chat with a user (the existing one if any), about a trip if given. */
export const startConversation = (to: number, tripId?: number): Promise<{ data: Conversation }> =>
  api.call(endpoints.conversations.create, { body: { to, ...(tripId ? { tripId } : {}) } });

/** Spec document 2 §8: the request limit has its message; any other failure the generic chat one. */
export function startConversationErrorKey(error: unknown): string {
  const limit = error instanceof ApiError && error.code === 'user_has_reach_request_limit';
  return limit ? 'limiteDeConsultas' : 'errorConversacion';
}

/**
 * Opens the chat with user X (about trip Y): finds or starts the conversation, then goes to it.
 * For buttons that are not plain links (the admin's message button, the trip page after its
 * Carpoodatos modal); links may point at paths.conversationWith(userId, tripId) instead.
 */
export function useOpenConversation() {
  const navigate = useNavigate();
  const guardProfile = useProfileGuard();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ to, tripId }: { to: number; tripId?: number }) => startConversation(to, tripId),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(conversationKeys.detail(data.id), { data });
      void navigate(paths.conversation(data.id));
    },
    onError: (error) => toast.error(i18n.t(startConversationErrorKey(error))),
  });
  return {
    // Spec document 1 §2: messaging needs a complete profile; the chat is remembered for after it.
    open: (to: number, tripId?: number) => {
      if (guardProfile(paths.conversationWith(to, tripId))) mutation.mutate({ to, ...(tripId ? { tripId } : {}) });
    },
    isPending: mutation.isPending,
  };
}

/** POST /api/conversations/multi-send: the trip owner's message to all the passengers, each in their chat. */
export const sendToAll = (message: string, users: number[]): Promise<{ message: boolean }> =>
  api.call(endpoints.conversations.multiSend, { body: { message, users } });
