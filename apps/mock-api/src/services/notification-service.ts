import type { NavigationBadgeCounts, Notification as WireNotification, NotificationType, NotificationsQuerySchema } from '@carpool/contracts';
import { Prisma, type Notification } from '@prisma/client';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { AppError } from '../lib/app-error';
import type { Clock } from '../lib/clock';
import { toWireDateTime } from '../lib/dates';
import { createNotificationRepository, type NewNotification } from '../repositories/notification-repository';
import type { DbClient } from '../repositories/user-repository';
import type { PushService } from './push-service';

/** The longest a transaction may stay open (services/index.ts). */
const TRANSACTION_TIMEOUT_MS = 20_000;

/**
 * What a notification says and where a click on it goes (spec document 1 §2): `trip` opens the
 * trip (extras.trip_id), `friends` the friends settings, `subscription` my trips at the
 * subscriptions, `my-trips` my trips, `conversation` the chat (extras.conversation_id),
 * `announcement` an external URL (extras.external_url).
 */
export type NotificationInput = { type: NotificationType; text: string; extras?: Record<string, unknown> };

type ListQuery = z.output<typeof NotificationsQuerySchema>;

function parseExtras(value: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** As the provider answers it: the type inside `extras`, beside the ids a click needs. */
export const toWireNotification = (row: Notification): WireNotification => ({
  id: row.id,
  readed: row.readed,
  created_at: toWireDateTime(row.created_at),
  text: row.text,
  extras: { ...parseExtras(row.extras), type: row.type },
});

/** The lists behind the Mis viajes badge, asked of the services that answer them. */
export type MyTripsPending = { requests: () => Promise<unknown[]>; ratings: () => Promise<unknown[]> };

/**
 * The bell. `notify` is for every domain (booking, trips, friends, messages); inside a
 * transaction pass its client, so the notification commits or rolls back with the event.
 */
export function createNotificationService(db: Db, clock: Clock, push?: PushService) {
  const notifications = createNotificationRepository(db);

  /**
   * Every stored notification is also pushed to the user's devices (issue 14), in the background.
   * Inside a transaction the push waits until the rows are visible outside it, so a notification
   * that rolls back is never pushed.
   */
  function pushStored(rows: NewNotification[], client: DbClient) {
    if (!push || rows.length === 0) return;
    const ready = client === db ? Promise.resolve(true) : committed(rows[0]!, client);
    push.send(
      rows.map((row) => ({ userId: row.userId, message: { body: row.text, type: row.type, extras: row.extras } })),
      ready,
    );
  }

  /**
   * Whether the transaction `tx` that stored `row` committed: the row is visible outside it. While
   * it is not, a query on `tx` tells whether the transaction is still open; once Prisma refuses it
   * as closed (P2028) without the row in sight, it rolled back. (Before, a rolled-back notification
   * was looked for until the transactions' 20 s timeout.)
   */
  async function committed(row: NewNotification, tx: DbClient): Promise<boolean> {
    const visible = async () =>
      Boolean(await db.notification.findFirst({ where: { user_id: row.userId, type: row.type, text: row.text, created_at: row.createdAt }, select: { id: true } }));
    const deadline = Date.now() + TRANSACTION_TIMEOUT_MS;
    for (let wait = 20; Date.now() < deadline; wait = Math.min(wait * 2, 1000)) {
      if (await visible()) return true;
      const open = await tx.$queryRaw`SELECT 1`.then(
        () => true,
        (error: unknown) => !(error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2028'),
      );
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
    async notify(userId: number, notification: NotificationInput, client: DbClient = db) {
      const row = rowOf(userId, notification);
      const created = await createNotificationRepository(client).create(row);
      pushStored([row], client);
      return created;
    },

    /** One notification for each of several users (a cancelled trip's passengers, search alerts...). */
    async notifyMany(entries: { userId: number; notification: NotificationInput }[], client: DbClient = db) {
      const rows = entries.map(({ userId, notification }) => rowOf(userId, notification));
      const result = await createNotificationRepository(client).createMany(rows);
      pushStored(rows, client);
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
