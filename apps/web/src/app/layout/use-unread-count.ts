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
