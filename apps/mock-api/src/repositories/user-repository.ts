import type { Db } from '../db/client';

export function createUserRepository(db: Db) {
  return {
    findById: (id: number) => db.user.findUnique({ where: { id } }),
    findByEmail: (email: string) => db.user.findUnique({ where: { email } }),
    touchLastConnection: (id: number, at: Date) =>
      db.user.update({ where: { id }, data: { last_connection: at }, select: { id: true } }),
    deleteDevice: (userId: number, deviceId: string) => db.device.deleteMany({ where: { user_id: userId, device_id: deviceId } }),
    /** Ids of the user's accepted friends (state 1). */
    friendIds: async (userId: number) =>
      (await db.friend.findMany({ where: { uid1: userId, state: 1 }, select: { uid2: true } })).map((row) => row.uid2),
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
