import type { DbClient } from './user-repository';

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

    /** One page of a user's notifications, newest first, and the total. */
    async pageOf(userId: number, offset: number, limit: number) {
      const [rows, total] = await Promise.all([
        db.notification.findMany({ where: { user_id: userId }, orderBy: [{ created_at: 'desc' }, { id: 'desc' }], skip: offset, take: limit }),
        db.notification.count({ where: { user_id: userId } }),
      ]);
      return { rows, total };
    },

    markRead: (ids: number[]) => db.notification.updateMany({ where: { id: { in: ids }, readed: false }, data: { readed: true } }),

    unreadCount: (userId: number) => db.notification.count({ where: { user_id: userId, readed: false } }),

    /** Deletes the notification only when it belongs to the user; answers how many rows went. */
    deleteOwned: async (userId: number, id: number) => (await db.notification.deleteMany({ where: { id, user_id: userId } })).count,
  };
}

export type NotificationRepository = ReturnType<typeof createNotificationRepository>;
