import { REQUEST_STATES } from '@carpool/contracts';
import type { Prisma, Rating, User } from '@prisma/client';
import { tripInclude, type TripWithRelations } from './trip-repository';
import type { DbClient } from '../db/client';

export type RatingRow = Rating & { from: User; to: User; trip: TripWithRelations };
const withParties = { from: true, to: true, trip: { include: tripInclude } } satisfies Prisma.RatingInclude;

const pair = (tripId: number, fromId: number, toId: number) => ({ trip_id_user_id_from_user_id_to: { trip_id: tripId, user_id_from: fromId, user_id_to: toId } });

/** Ratings between a trip's driver and passengers, and references written on profiles (provider: RatingRepository, ReferencesRepository). */
export function createRatingRepository(db: DbClient) {
  return {
    /** Trips of drivers that left within [after, until], have no ratings yet and carried accepted passengers. */
    tripsToRate: (after: Date, until: Date) =>
      db.trip.findMany({
        where: {
          is_passenger: false,
          deleted_at: null,
          trip_date: { lte: until, gt: after },
          ratings: { none: {} },
          passengers: { some: { request_state: REQUEST_STATES.accepted } },
        },
        select: { id: true, user_id: true, to_town: true, passengers: { where: { request_state: REQUEST_STATES.accepted }, select: { user_id: true } } },
        orderBy: { id: 'asc' },
      }),

    createMany: (rows: Prisma.RatingCreateManyInput[]) => db.rating.createMany({ data: rows }),

    /** Voted ratings not public yet of trips that left by `before`. */
    votedHiddenOfTripsBefore: (before: Date) =>
      db.rating.findMany({ where: { voted: true, available: false, trip: { trip_date: { lte: before } } }, select: { id: true, user_id_to: true } }),

    publish: (ids: number[]) => db.rating.updateMany({ where: { id: { in: ids } }, data: { available: true } }),

    /** How many public positive (1) and negative (0) ratings the user received. */
    async publicCounts(userId: number) {
      const [positive, negative] = await Promise.all([
        db.rating.count({ where: { user_id_to: userId, available: true, rating: 1 } }),
        db.rating.count({ where: { user_id_to: userId, available: true, rating: 0 } }),
      ]);
      return { positive, negative };
    },

    setUserCounts: (userId: number, counts: { positive: number; negative: number }) =>
      db.user.update({ where: { id: userId }, data: { positive_ratings: counts.positive, negative_ratings: counts.negative } }),

    /** One page of the user's public ratings received, newest first, optionally of one vote. */
    async publicPage(userId: number, value: number | undefined, offset: number, limit: number): Promise<{ rows: RatingRow[]; total: number }> {
      const where = { user_id_to: userId, available: true, ...(value === undefined ? {} : { rating: value }) } satisfies Prisma.RatingWhereInput;
      const [total, rows] = await Promise.all([
        db.rating.count({ where }),
        db.rating.findMany({ where, include: withParties, orderBy: [{ created_at: 'desc' }, { id: 'desc' }], skip: offset, take: limit }),
      ]);
      return { rows, total };
    },

    /** The author's ratings not voted yet of trips that left within [after, until], latest trip first. */
    unvotedBy: (userId: number, after: Date, until: Date): Promise<RatingRow[]> =>
      db.rating.findMany({
        where: { user_id_from: userId, voted: false, trip: { trip_date: { lte: until, gt: after } } },
        include: withParties,
        orderBy: [{ trip: { trip_date: 'desc' } }, { id: 'asc' }],
      }),

    findWithTrip: (tripId: number, fromId: number, toId: number) => db.rating.findUnique({ where: pair(tripId, fromId, toId), include: { trip: true } }),

    find: (tripId: number, fromId: number, toId: number) => db.rating.findUnique({ where: pair(tripId, fromId, toId) }),

    /** Records the vote unless one was recorded first; answers how many rows changed. */
    vote: async (id: number, vote: { rating: number; comment: string; at: Date }) =>
      (await db.rating.updateMany({ where: { id, voted: false }, data: { voted: true, rating: vote.rating, comment: vote.comment, rate_at: vote.at } })).count,

    /** Records the reply unless one was recorded first; answers how many rows changed. */
    reply: async (id: number, comment: string, at: Date) =>
      (await db.rating.updateMany({ where: { id, reply_comment_created_at: null }, data: { reply_comment: comment, reply_comment_created_at: at } })).count,

    findReference: (fromId: number, toId: number) => db.reference.findUnique({ where: { user_id_from_user_id_to: { user_id_from: fromId, user_id_to: toId } } }),

    createReference: (data: { fromId: number; toId: number; comment: string; at: Date }) =>
      db.reference.create({ data: { user_id_from: data.fromId, user_id_to: data.toId, comment: data.comment, created_at: data.at }, include: { from: true } }),
  };
}

export type RatingRepository = ReturnType<typeof createRatingRepository>;
