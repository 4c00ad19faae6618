import { ACTIVE_REQUEST_STATES, REQUEST_STATES, sqlList } from '@carpool/contracts';
import { Prisma } from '@prisma/client';
import { visibleTripSql } from '../lib/trip-visibility';
import { tripInclude } from './trip-repository';
import type { DbClient } from '../db/client';

const withUser = { user: true } satisfies Prisma.PassengerInclude;
const withUserAndTrip = { user: true, trip: { include: tripInclude } } satisfies Prisma.PassengerInclude;

export type RequestWithUser = Prisma.PassengerGetPayload<{ include: typeof withUser }>;
export type RequestWithTrip = Prisma.PassengerGetPayload<{ include: typeof withUserAndTrip }>;
export type BookingTrip = Prisma.TripGetPayload<{ include: { user: true } }>;

/** Passengers aboard the trip being updated (states 1 and 4), for the seat counter's statements. */
const ACTIVE_COUNT_SQL = Prisma.raw(`SELECT count(*) FROM trip_passengers p WHERE p.trip_id = trips.id AND p.request_state IN ${sqlList(ACTIVE_REQUEST_STATES)}`);

/**
 * Seat requests (trip_passengers) and the seat counter of their trip. The seat counter only
 * moves through takeSeat/releaseSeat: single conditional UPDATEs, so that two concurrent
 * accepts can never both take the last seat, whatever runs around them.
 */
export function createRequestRepository(db: DbClient) {
  /**
   * What the driver's unaswered_messages_limit counts on a trip (as the provider does): pending
   * requests plus the trip's unanswered private conversations.
   */
  async function requestLimitCount(tripId: number, ownerId: number): Promise<number> {
    const [pending, chats, settled] = await Promise.all([
      db.passenger.count({ where: { trip_id: tripId, request_state: REQUEST_STATES.pending } }),
      db.conversation.findMany({
        where: { trip_id: tripId, type: 0, messages: { some: {} } },
        select: { users: { select: { user_id: true } }, messages: { orderBy: { id: 'desc' }, take: 1, select: { user_id: true } } },
      }),
      db.passenger.findMany({ where: { trip_id: tripId, request_state: { not: REQUEST_STATES.pending } }, select: { user_id: true } }),
    ]);
    // Unanswered private chat about the trip (provider's UserRepository::unansweredConversationOrRequestsByTrip):
    // its latest message is not the driver's and no member has a settled (non-pending) request on the trip.
    const settledIds = new Set(settled.map((row) => row.user_id));
    const unanswered = chats.filter(
      (chat) => chat.messages[0]?.user_id !== ownerId && !chat.users.some((member) => member.user_id !== ownerId && settledIds.has(member.user_id)),
    ).length;
    return pending + unanswered;
  }

  return {
    /** A trip that is not deleted, with its owner. */
    findTrip: (id: number): Promise<BookingTrip | null> => db.trip.findFirst({ where: { id, deleted_at: null }, include: { user: true } }),

    /** Whether the viewer may see the trip (lib/trip-visibility), as on the trip page; never hidden or deleted. */
    async isVisibleTo(tripId: number, viewerId: number): Promise<boolean> {
      const params: unknown[] = [tripId];
      const rows = await db.$queryRawUnsafe<unknown[]>(
        `SELECT 1 FROM trips t WHERE t.id = ? AND t.deleted_at IS NULL AND t.hidden = 0 AND ${visibleTripSql(viewerId, params)}`,
        ...params,
      );
      return rows.length > 0;
    },

    /** The user's latest request on the trip in one of the states. */
    findOf: (tripId: number, userId: number, states: readonly number[]): Promise<RequestWithUser | null> =>
      db.passenger.findFirst({
        where: { trip_id: tripId, user_id: userId, request_state: { in: [...states] } },
        include: withUser,
        orderBy: { id: 'desc' },
      }),

    findById: (id: number) => db.passenger.findUnique({ where: { id }, include: { user: true, trip: { include: { user: true } } } }),

    requestLimitCount,

    /**
     * The provider's UsersManager::seatRequestLimitStatus: the driver's unaswered_messages_limit
     * (null when none) and whether the trip's pending requests plus unanswered chats reached it.
     */
    async seatRequestLimitStatus(tripId: number, ownerId: number): Promise<{ limit: number | null; reached: boolean }> {
      const owner = await db.user.findUnique({ where: { id: ownerId }, select: { unaswered_messages_limit: true } });
      const limit = owner?.unaswered_messages_limit ?? 0;
      if (limit <= 0) return { limit: null, reached: false };
      return { limit, reached: (await requestLimitCount(tripId, ownerId)) >= limit };
    },

    /**
     * The trip's group chat (type 1) as a member of the trip sees it: its id and the messages of
     * others the viewer has not read; null when the trip has none.
     */
    async tripGroupChat(tripId: number, viewerId: number): Promise<{ id: number; unread: number } | null> {
      const chat = await db.conversation.findFirst({ where: { trip_id: tripId, type: 1 }, select: { id: true }, orderBy: { id: 'asc' } });
      if (!chat) return null;
      const unread = await db.message.count({
        where: { conversation_id: chat.id, user_id: { not: viewerId }, reads: { none: { user_id: viewerId } } },
      });
      return { id: chat.id, unread };
    },

    /** The user's requests in the states on other trips departing within [from, to]. */
    nearRequestsOf: (userId: number, states: readonly number[], exceptTripId: number, from: Date, to: Date) =>
      db.passenger.findMany({
        where: {
          user_id: userId,
          request_state: { in: [...states] },
          trip_id: { not: exceptTripId },
          trip: { deleted_at: null, trip_date: { gte: from, lte: to } },
        },
        include: { trip: { include: { user: true } } },
      }),

    create: (data: { tripId: number; userId: number; now: Date }): Promise<RequestWithUser> =>
      db.passenger.create({
        data: { trip_id: data.tripId, user_id: data.userId, request_state: REQUEST_STATES.pending, created_at: data.now, updated_at: data.now },
        include: withUser,
      }),

    /** Moves a request from one of `from` to `to`; 0 when another call changed it first. */
    changeState: async (id: number, from: readonly number[], to: number, now: Date, extra: Prisma.PassengerUpdateManyMutationInput = {}) =>
      (await db.passenger.updateMany({ where: { id, request_state: { in: [...from] } }, data: { ...extra, request_state: to, updated_at: now } })).count,

    /**
     * Takes one free seat; 0 when none is left. Guarded twice in one statement: by the counter
     * and by the truth (passengers in 1 or 4 below total_seats), so a counter written wrongly
     * elsewhere can never let a trip take more passengers than seats. The counter is rewritten
     * from the truth as it goes. Run it before the request itself becomes active.
     */
    takeSeat: (tripId: number): Promise<number> =>
      db.$executeRaw`UPDATE trips SET seats_available = total_seats - (${ACTIVE_COUNT_SQL}) - 1
        WHERE id = ${tripId} AND seats_available > 0 AND total_seats > (${ACTIVE_COUNT_SQL})`,

    /** Gives a seat back: the counter becomes total_seats minus the passengers still aboard. Run it after the state change. */
    releaseSeat: (tripId: number): Promise<number> =>
      db.$executeRaw`UPDATE trips SET seats_available = max(0, total_seats - (${ACTIVE_COUNT_SQL})) WHERE id = ${tripId}`,

    /** A trip's requests in the states, oldest first. */
    listOfTrip: (tripId: number, states: readonly number[]): Promise<RequestWithUser[]> =>
      db.passenger.findMany({
        where: { trip_id: tripId, request_state: { in: [...states] } },
        include: withUser,
        orderBy: [{ created_at: 'asc' }, { id: 'asc' }],
      }),

    /** Pending requests on the owner's upcoming trips, with their trips. */
    pendingForOwner: (ownerId: number, now: Date): Promise<RequestWithTrip[]> =>
      db.passenger.findMany({
        where: { request_state: REQUEST_STATES.pending, trip: { user_id: ownerId, deleted_at: null, trip_date: { gte: now } } },
        include: withUserAndTrip,
        orderBy: [{ created_at: 'asc' }, { id: 'asc' }],
      }),

    /** The user's requests waiting for payment on upcoming trips, with their trips. */
    waitingPaymentOf: (userId: number, now: Date): Promise<RequestWithTrip[]> =>
      db.passenger.findMany({
        where: { user_id: userId, request_state: REQUEST_STATES.waitingPayment, trip: { deleted_at: null, trip_date: { gte: now } } },
        include: withUserAndTrip,
        orderBy: [{ updated_at: 'desc' }, { id: 'desc' }],
      }),
  };
}

export type RequestRepository = ReturnType<typeof createRequestRepository>;
