import type { NavigationBadgeCounts, NotificationType, NotificationsQuerySchema } from '@carpool/contracts';
import type { z } from 'zod';
import { AppError } from '../lib/app-error';
import type { Clock } from '../lib/clock';
import { TRANSACTION_OPTIONS, type Repositories } from '../repositories/index';
import type { NewNotification, NotificationRepository } from '../repositories/notification-repository';
import { toWireNotification } from '../transformers/notification-transformer';
import type { PushService } from './push-service';

/**
 * What a notification says and where a click on it goes (spec document 1 §2): `trip` opens the
 * trip (extras.trip_id), `friends` the friends settings, `subscription` my trips at the
 * subscriptions, `my-trips` my trips, `conversation` the chat (extras.conversation_id),
 * `announcement` an external URL (extras.external_url).
 */
export type NotificationInput = { type: NotificationType; text: string; extras?: Record<string, unknown> };

type ListQuery = z.output<typeof NotificationsQuerySchema>;

/** The lists behind the Mis viajes badge, asked of the services that answer them. */
export type MyTripsPending = { requests: () => Promise<unknown[]>; ratings: () => Promise<unknown[]> };

/**
 * The bell. `notify` is for every domain (booking, trips, friends, messages); inside a
 * transaction pass its repositories, so the notification commits or rolls back with the event.
 */
export function createNotificationService({ notifications, clock, push }: { notifications: NotificationRepository; clock: Clock; push?: PushService }) {
  /**
   * Every stored notification is also pushed to the user's devices, in the background.
   * Inside a transaction the push waits until the rows are visible outside it, so a notification
   * that rolls back is never pushed.
   */
  function pushStored(rows: NewNotification[], stored: NotificationRepository) {
    if (!push || rows.length === 0) return;
    const ready = stored === notifications ? Promise.resolve(true) : committed(rows[0]!, stored);
    push.send(
      rows.map((row) => ({ userId: row.userId, message: { body: row.text, type: row.type, extras: row.extras } })),
      ready,
    );
  }

  /**
   * Whether the transaction that stored `row` committed: the row is visible outside it. While it is
   * not, a query inside the transaction tells whether it is still open; once it is closed without
   * the row in sight, it rolled back, and the push is given up without waiting for the timeout.
   */
  async function committed(row: NewNotification, inside: NotificationRepository): Promise<boolean> {
    const visible = () => notifications.isStored(row);
    const deadline = Date.now() + TRANSACTION_OPTIONS.timeout;
    for (let wait = 20; Date.now() < deadline; wait = Math.min(wait * 2, 1000)) {
      if (await visible()) return true;
      const open = await inside.isOpen();
      // Closed: committed just now (visible at last) or rolled back.
      if (!open) return visible();
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
    return false;
  }

  const rowOf = (userId: number, notification: NotificationInput): NewNotification => ({
    userId,
    type: notification.type,
    text: notification.text,
    extras: notification.extras ?? {},
    createdAt: clock.now(),
  });

  return {
    async notify(userId: number, notification: NotificationInput, within?: Repositories) {
      const row = rowOf(userId, notification);
      const stored = within?.notifications ?? notifications;
      const created = await stored.create(row);
      pushStored([row], stored);
      return created;
    },

    /** One notification for each of several users (a cancelled trip's passengers, search alerts...). */
    async notifyMany(entries: { userId: number; notification: NotificationInput }[], within?: Repositories) {
      const rows = entries.map(({ userId, notification }) => rowOf(userId, notification));
      const stored = within?.notifications ?? notifications;
      const result = await stored.createMany(rows);
      pushStored(rows, stored);
      return result;
    },

    /**
     * GET /api/notifications (NotificationManager::getNotifications): newest first; `page` with
     * `page_size` picks a page, otherwise every one is listed; no pagination meta. Only `mark=true`
     * marks the listed ones read; the answer still shows whether each was unread.
     */
    async list(userId: number, query: ListQuery) {
      const page = query.page !== undefined && query.page_size !== undefined ? { offset: (query.page - 1) * query.page_size, limit: query.page_size } : undefined;
      const rows = await notifications.listOf(userId, page);
      const unread = rows.filter((row) => !row.readed).map((row) => row.id);
      if (query.mark === true && unread.length > 0) await notifications.markRead(unread);
      return { data: rows.map(toWireNotification) };
    },

    /**
     * GET /api/notifications/count (NotificationManager::getNavigationBadgeCounts): unread
     * notifications, conversations not read, and the seat requests waiting on the user's trips
     * plus the ratings the user still owes, counted from the lists the screens show.
     */
    async count(userId: number, myTrips: MyTripsPending): Promise<{ data: NavigationBadgeCounts }> {
      const [unread, messages, requests, ratings] = await Promise.all([
        notifications.unreadCount(userId),
        notifications.unreadConversations(userId),
        myTrips.requests(),
        myTrips.ratings(),
      ]);
      return { data: { notifications: unread, messages, my_trips: requests.length + ratings.length } };
    },

    async delete(userId: number, id: number) {
      const deleted = await notifications.deleteOwned(userId, id);
      if (deleted === 0) throw new AppError('model_not_found', { message: 'La notificación no existe.' });
      return { data: 'ok' };
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
