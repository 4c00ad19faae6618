import type { Prisma } from '@prisma/client';
import type { DbClient } from '../db/client';

export const FRIEND_STATE = { request: 0, accepted: 1 } as const;

const ACTIVE_USER = { active: true, banned: false };

/**
 * Friendship rows (provider: FriendsRepository): a request is one row (requester → target, 0); a
 * friendship is two rows (a → b, 1) and (b → a, 1). Trip visibility by friends and friends of
 * friends is computed from these rows on every read, so it follows accept and delete at once.
 */
export function createFriendRepository(db: DbClient) {
  const row = (uid1: number, uid2: number) => db.friend.findUnique({ where: { uid1_uid2: { uid1, uid2 } } });

  /** Requests still waiting that the user received or sent, newest first, with both people (active ones only). */
  const waiting = (side: 'received' | 'sent', userId: number) =>
    db.friend.findMany({
      where:
        side === 'received'
          ? { uid2: userId, state: FRIEND_STATE.request, from: ACTIVE_USER }
          : { uid1: userId, state: FRIEND_STATE.request, to: ACTIVE_USER },
      include: { from: true, to: true },
      orderBy: [{ created_at: 'desc' }, side === 'received' ? { uid1: 'asc' } : { uid2: 'asc' }],
    });

  return {
    row,

    /** The user's accepted friends whose name contains the (folded) text, by name. */
    async friendsPage(userId: number, matches: (name: string) => boolean, offset: number, limit: number) {
      const rows = await db.friend.findMany({
        where: { uid1: userId, state: FRIEND_STATE.accepted, to: ACTIVE_USER },
        include: { to: true },
        orderBy: [{ to: { name: 'asc' } }, { uid2: 'asc' }],
      });
      const friends = rows.map((friend) => friend.to).filter((user) => matches(user.name));
      return { rows: friends.slice(offset, offset + limit), total: friends.length };
    },

    /** Users who sent the user a request still waiting, newest first. */
    pendingFor: async (userId: number) => (await waiting('received', userId)).map((request) => request.from),

    /** Users the user sent a request still waiting, newest first. */
    sentBy: async (userId: number) => (await waiting('sent', userId)).map((request) => request.to),

    /** Replaces whatever rows the pair had (both directions) with the given ones. */
    async replacePair(a: number, b: number, rows: Prisma.FriendUncheckedCreateInput[]) {
      await db.friend.deleteMany({ where: { OR: [{ uid1: a, uid2: b }, { uid1: b, uid2: a }] } });
      if (rows.length > 0) await db.friend.createMany({ data: rows });
    },

    deleteRow: (uid1: number, uid2: number) => db.friend.deleteMany({ where: { uid1, uid2 } }),
  };
}

export type FriendRepository = ReturnType<typeof createFriendRepository>;
