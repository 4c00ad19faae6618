import { useUnreadConversations } from '@/features/conversations/api/conversations';
import { useUnreadCountQuery } from '@/features/notifications/api/get-unread-count';
import { isLoggedIn, useSession } from '@/lib/session';

/**
 * Unread notifications for the bell and the tab bar: GET /api/notifications/count, polled every
 * TIMING.notificationsPollMs while logged in; nothing unread for a visitor.
 */
export function useUnreadCount(): number {
  const session = useSession();
  const loggedIn = isLoggedIn(session);
  const { data } = useUnreadCountQuery(session.user?.id ?? 'me', loggedIn);
  return loggedIn ? (data ?? 0) : 0;
}

/**
 * Unread conversations for the Mensajes tab and the header: GET /api/conversations/unread, polled
 * every TIMING.conversationPollMs (20 s) while logged in; nothing for a visitor.
 */
export function useUnreadMessages(): number {
  const session = useSession();
  const loggedIn = isLoggedIn(session);
  const { data } = useUnreadConversations(session.user?.id ?? 'me', loggedIn);
  return loggedIn ? (data ?? 0) : 0;
}
