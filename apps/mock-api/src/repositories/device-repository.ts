import type { Prisma } from '@prisma/client';
import type { DbClient } from '../db/client';

/** A user's browsers and phones (provider: DeviceRepository). */
export function createDeviceRepository(db: DbClient) {
  return {
    listOf: (userId: number) => db.device.findMany({ where: { user_id: userId }, orderBy: { id: 'asc' } }),

    /** The user's device registered by this session. */
    findBySession: (userId: number, session: string) => db.device.findFirst({ where: { session_id: session, user_id: userId } }),

    findOwned: (userId: number, id: number) => db.device.findFirst({ where: { id, user_id: userId } }),

    /** Every device registered under a push token or browser id, whoever holds it. */
    withDeviceId: (deviceId: string) => db.device.findMany({ where: { device_id: deviceId } }),

    /** The devices of these users that take notifications. */
    listening: (userIds: number[]) =>
      db.device.findMany({ where: { user_id: { in: userIds }, notifications: true }, select: { id: true, user_id: true, device_id: true } }),

    create: (data: Prisma.DeviceUncheckedCreateInput) => db.device.create({ data }),

    update: (id: number, data: Prisma.DeviceUncheckedUpdateInput) => db.device.update({ where: { id }, data }),

    stopNotifications: (id: number) => db.device.updateMany({ where: { id }, data: { notifications: false } }),

    deleteIds: (ids: number[]) => db.device.deleteMany({ where: { id: { in: ids } } }),

    /** Every other device under the same id (one device, one holder). */
    deleteOthersWithDeviceId: (deviceId: string, keepId: number) => db.device.deleteMany({ where: { device_id: deviceId, id: { not: keepId } } }),

    /** Deletes the user's device; answers how many rows went. */
    deleteOwned: async (userId: number, id: number) => (await db.device.deleteMany({ where: { id, user_id: userId } })).count,

    /** Deletes the device this session registered; answers how many rows went. */
    deleteOfSession: async (userId: number, session: string) => (await db.device.deleteMany({ where: { session_id: session, user_id: userId } })).count,
  };
}

export type DeviceRepository = ReturnType<typeof createDeviceRepository>;
