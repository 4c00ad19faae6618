import { Prisma } from '@prisma/client';
import type { DbClient } from '../db/client';

export type NewNotification = { userId: number; type: string; text: string; extras: Record<string, unknown>; createdAt: Date };

export function createNotificationRepository(db: DbClient) {
  return {
    create: (n: NewNotification) =>
      db.notification.create({
        data: { user_id: n.userId, type: n.type, text: n.text, extras: JSON.stringify(n.extras), created_at: n.createdAt },
      }),

    /** The same kind of notification for several users at once. */
    createMany: (rows: NewNotification[]) =>
      rows.length === 0
        ? Promise.resolve({ count: 0 })
        : db.notification.createMany({
            data: rows.map((n) => ({ user_id: n.userId, type: n.type, text: n.text, extras: JSON.stringify(n.extras), created_at: n.createdAt })),
          }),

    /** A user's notifications, newest first: one page of them, or all without a page. */
    listOf: (userId: number, page?: { offset: number; limit: number }) =>
      db.notification.findMany({
        where: { user_id: userId },
        orderBy: [{ created_at: 'desc' }, { id: 'desc' }],
        ...(page ? { skip: page.offset, take: page.limit } : {}),
      }),

    markRead: (ids: number[]) => db.notification.updateMany({ where: { id: { in: ids }, readed: false }, data: { readed: true } }),

    unreadCount: (userId: number) => db.notification.count({ where: { user_id: userId, readed: false } }),

    /** The conversations the user has not read (the provider counts the pivot rows with read 0). */
    unreadConversations: (userId: number) => db.conversationUser.count({ where: { user_id: userId, read: false } }),

    /** Whether the notification is stored where this client reads (outside a transaction: committed). */
    isStored: async (n: NewNotification) =>
      Boolean(await db.notification.findFirst({ where: { user_id: n.userId, type: n.type, text: n.text, created_at: n.createdAt }, select: { id: true } })),

    /** Whether this client can still run queries: false once its transaction has closed (Prisma's P2028). */
    isOpen: () =>
      db.$queryRaw`SELECT 1`.then(
        () => true,
        (error: unknown) => !(error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2028'),
      ),

    /** Deletes the notification only when it belongs to the user; answers how many rows went. */
    deleteOwned: async (userId: number, id: number) => (await db.notification.deleteMany({ where: { id, user_id: userId } })).count,
  };
}

export type NotificationRepository = ReturnType<typeof createNotificationRepository>;
