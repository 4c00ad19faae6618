/**
 * Unread notifications for the bell and the tab bar.
 * TODO(notifications issue): return the GET /api/notifications/count query, polled every
 * TIMING.notificationsPollMs while logged in. Until then there is nothing unread to show.
 */
export function useUnreadCount(): number {
  return 0;
}
