import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useBadgeCountsQuery } from '@/features/notifications/api/get-badge-counts';
import { notificationKeys } from '@/features/notifications/api/query-keys';
import { conversationKeys } from '@/lib/conversations';
import { isLoggedIn, useSession } from '@/lib/session';

export type NavigationBadges = { notifications: number; messages: number; myTrips: number };

const NONE: NavigationBadges = { notifications: 0, messages: 0, myTrips: 0 };

const isChatMessagesKey = (key: readonly unknown[]) => key[0] === conversationKeys.all[0] && key[1] === 'messages';

/**
 * The bell and the Mensajes and Mis viajes badges, from one call: GET /api/notifications/count,
 * polled every TIMING.notificationsPollMs while logged in (the provider's client polls only this for
 * its badges); nothing for a visitor. Reading a chat marks it read, so the counts are asked again
 * once its messages arrive, as the provider's client does after loading them.
 */
export function useNavigationBadges(): NavigationBadges {
  const session = useSession();
  const loggedIn = isLoggedIn(session);
  const queryClient = useQueryClient();
  const { data } = useBadgeCountsQuery(session.user?.id ?? 'me', loggedIn);

  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return;
        if (isChatMessagesKey(event.query.queryKey)) void queryClient.invalidateQueries({ queryKey: notificationKeys.counts() });
      }),
    [queryClient],
  );

  if (!loggedIn || !data) return NONE;
  return { notifications: data.notifications, messages: data.messages, myTrips: data.my_trips };
}
