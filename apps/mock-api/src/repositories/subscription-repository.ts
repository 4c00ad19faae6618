import type { Prisma, Subscription } from '@prisma/client';
import type { Db } from '../db/client';

export type SubscriptionWithCount = Subscription & { matches_count: number };

/** Matches of trips that still exist (a deleted trip no longer counts). */
const matchCount = { _count: { select: { matches: { where: { trip: { deleted_at: null } } } } } } satisfies Prisma.SubscriptionInclude;

const withCount = <T extends Subscription & { _count: { matches: number } }>(row: T): SubscriptionWithCount => {
  const { _count, ...subscription } = row;
  return { ...subscription, matches_count: _count.matches };
};

export type SubscriptionMatchData = { subscription_id: number; trip_id: number; created_at: Date };

export function createSubscriptionRepository(db: Db) {
  return {
    async listActive(userId: number): Promise<SubscriptionWithCount[]> {
      const rows = await db.subscription.findMany({
        where: { user_id: userId, state: true },
        include: matchCount,
        orderBy: [{ created_at: 'desc' }, { id: 'desc' }],
      });
      return rows.map(withCount);
    },

    async findById(id: number): Promise<SubscriptionWithCount | null> {
      const row = await db.subscription.findUnique({ where: { id }, include: matchCount });
      return row ? withCount(row) : null;
    },

    /** The user's active subscriptions of one kind (duplicate check). */
    activeOf: (userId: number, isPassenger: boolean) => db.subscription.findMany({ where: { user_id: userId, state: true, is_passenger: isPassenger } }),

    /** Every active subscription of one kind but the given user's (matching a new trip). */
    activeForKind: (isPassenger: boolean, exceptUserId: number) =>
      db.subscription.findMany({ where: { state: true, is_passenger: isPassenger, user_id: { not: exceptUserId } }, orderBy: { id: 'asc' } }),

    create: (data: Prisma.SubscriptionUncheckedCreateInput) => db.subscription.create({ data, select: { id: true } }),
    update: (id: number, data: Prisma.SubscriptionUncheckedUpdateInput) => db.subscription.update({ where: { id }, data, select: { id: true } }),
    delete: (id: number) => db.subscription.delete({ where: { id }, select: { id: true } }),

    clearMatches: (subscriptionId: number) => db.subscriptionMatch.deleteMany({ where: { subscription_id: subscriptionId } }),

    /** The users whose subscriptions a trip matches now. */
    usersMatchedBy: async (tripId: number) =>
      (await db.subscriptionMatch.findMany({ where: { trip_id: tripId }, select: { subscription: { select: { user_id: true } } } })).map(
        (row) => row.subscription.user_id,
      ),

    /** Forgets a trip's matches but those of the given subscriptions (the trip changed). */
    keepMatchesOf: (tripId: number, subscriptionIds: number[]) =>
      db.subscriptionMatch.deleteMany({ where: { trip_id: tripId, subscription_id: { notIn: subscriptionIds } } }),

    /** Records matches, ignoring ones already recorded. */
    async addMatches(rows: readonly SubscriptionMatchData[]): Promise<void> {
      for (let start = 0; start < rows.length; start += 300) {
        const chunk = rows.slice(start, start + 300);
        await db.$executeRawUnsafe(
          `INSERT OR IGNORE INTO subscription_matches (subscription_id, trip_id, created_at) VALUES ${chunk.map(() => '(?, ?, ?)').join(', ')}`,
          ...chunk.flatMap((row) => [row.subscription_id, row.trip_id, row.created_at.toISOString().replace('Z', '+00:00')]),
        );
      }
    },
  };
}

export type SubscriptionRepository = ReturnType<typeof createSubscriptionRepository>;
