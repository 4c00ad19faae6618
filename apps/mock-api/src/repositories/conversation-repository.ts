import { ACTIVE_REQUEST_STATES, OPEN_REQUEST_STATES } from '@carpool/contracts';
import type { Prisma } from '@prisma/client';
import type { Db } from '../db/client';

/** A conversation with its members (the user rows) and its newest message. */
const withMembers = {
  users: { include: { user: true }, orderBy: { user_id: 'asc' } },
  messages: { orderBy: [{ created_at: 'desc' }, { id: 'desc' }], take: 1 },
  trip: { select: { id: true, trip_date: true, deleted_at: true, returnTrip: { select: { id: true, deleted_at: true } } } },
} satisfies Prisma.ConversationInclude;

export type ConversationRecord = Prisma.ConversationGetPayload<{ include: typeof withMembers }>;

const newestFirst = [{ created_at: 'desc' }, { id: 'desc' }] satisfies Prisma.MessageOrderByWithRelationInput[];

/** Conversations, their members and messages (provider: ConversationRepository + MessageRepository). */
export function createConversationRepository(db: Db) {
  return {
    /** The user's conversations that have at least one message, most recently active first. */
    async pageOf(userId: number, offset: number, limit: number): Promise<{ rows: ConversationRecord[]; total: number }> {
      const where = { users: { some: { user_id: userId } }, messages: { some: {} } } satisfies Prisma.ConversationWhereInput;
      const [rows, total] = await Promise.all([
        db.conversation.findMany({ where, include: withMembers, orderBy: [{ updated_at: 'desc' }, { id: 'desc' }], skip: offset, take: limit }),
        db.conversation.count({ where }),
      ]);
      return { rows, total };
    },

    /** Every conversation of the user that has messages, newest first (the user list reads their members). */
    allWithMessagesOf: (userId: number) =>
      db.conversation.findMany({
        where: { users: { some: { user_id: userId } }, messages: { some: {} } },
        include: withMembers,
        orderBy: [{ updated_at: 'desc' }, { id: 'desc' }],
      }),

    find: (id: number) => db.conversation.findUnique({ where: { id }, include: withMembers }),

    isMember: async (conversationId: number, userId: number) =>
      (await db.conversationUser.count({ where: { conversation_id: conversationId, user_id: userId } })) > 0,

    /** The private chat of exactly these two users, if any (the provider's matchUser). */
    async findPrivate(a: number, b: number): Promise<ConversationRecord | null> {
      const candidates = await db.conversation.findMany({
        where: { type: 0, AND: [{ users: { some: { user_id: a } } }, { users: { some: { user_id: b } } }] },
        include: withMembers,
        orderBy: { id: 'asc' },
      });
      return candidates.find((conversation) => new Set(conversation.users.map((member) => member.user_id)).size === 2) ?? null;
    },

    async createPrivate(a: number, b: number, tripId: number | null, now: Date): Promise<number> {
      const conversation = await db.conversation.create({
        data: {
          type: 0,
          title: '',
          trip_id: tripId,
          created_at: now,
          updated_at: now,
          users: { create: [{ user_id: a, read: true }, { user_id: b, read: true }] },
        },
        select: { id: true },
      });
      return conversation.id;
    },

    setTrip: (id: number, tripId: number) => db.conversation.update({ where: { id }, data: { trip_id: tripId }, select: { id: true } }),

    /** Messages newest first; `before` gives older pages, `limit` their size. */
    messages: (conversationId: number, options: { before?: Date; limit?: number }) =>
      db.message.findMany({
        where: { conversation_id: conversationId, ...(options.before ? { created_at: { lt: options.before } } : {}) },
        orderBy: newestFirst,
        ...(options.limit ? { take: options.limit } : {}),
      }),

    /** Messages of others the user has not read yet in one conversation, newest first. */
    unreadIn: (conversationId: number, userId: number) =>
      db.message.findMany({
        where: { conversation_id: conversationId, user_id: { not: userId }, reads: { none: { user_id: userId } } },
        orderBy: newestFirst,
      }),

    /**
     * The messages of every conversation the user has not read (the provider's unread poll): all of
     * their messages, after `after` when given, by conversation then newest first.
     */
    unreadAcross: (userId: number, after: Date | undefined) =>
      db.message.findMany({
        where: {
          conversation: { users: { some: { user_id: userId, read: false } } },
          // Wire times have whole seconds: "after 10:00:05" means from 10:00:06 on.
          ...(after ? { created_at: { gte: new Date(after.getTime() + 1000) } } : {}),
        },
        orderBy: [{ conversation_id: 'asc' }, { created_at: 'desc' }, { id: 'desc' }],
      }),

    /** The user has read the conversation: the pivot flag, and a read row on every message of others. */
    async markRead(conversationId: number, userId: number, now: Date): Promise<void> {
      await db.$transaction(async (tx) => {
        await tx.conversationUser.updateMany({ where: { conversation_id: conversationId, user_id: userId }, data: { read: true } });
        const unread = await tx.message.findMany({
          where: { conversation_id: conversationId, user_id: { not: userId }, reads: { none: { user_id: userId } } },
          select: { id: true },
        });
        if (unread.length === 0) return;
        const ids = unread.map((message) => message.id);
        await tx.messageRead.createMany({ data: ids.map((id) => ({ message_id: id, user_id: userId, created_at: now })) });
        await tx.message.updateMany({ where: { id: { in: ids } }, data: { no_of_read: { increment: 1 } } });
      });
    },

    /**
     * Stores a message: the conversation moves to the top, the other members have it unread, and
     * the reply statistics move (provider's ConversationsManager::send): the first message opens the
     * chat for the other members; the first message of someone else than the opener answers it,
     * credited to its author with the delay since the opening message.
     */
    async addMessage(input: { conversationId: number; userId: number; text: string; now: Date; countStatistics: boolean }) {
      return db.$transaction(async (tx) => {
        const first = await tx.message.findFirst({ where: { conversation_id: input.conversationId }, orderBy: [{ created_at: 'asc' }, { id: 'asc' }] });
        const answeredBefore = first
          ? (await tx.message.count({ where: { conversation_id: input.conversationId, user_id: { not: first.user_id } } })) > 0
          : false;
        const message = await tx.message.create({
          data: { conversation_id: input.conversationId, user_id: input.userId, text: input.text, no_of_read: 1, created_at: input.now },
        });
        await tx.conversation.update({ where: { id: input.conversationId }, data: { updated_at: input.now } });
        await tx.conversationUser.updateMany({
          where: { conversation_id: input.conversationId, user_id: { not: input.userId } },
          data: { read: false },
        });
        const others = (
          await tx.conversationUser.findMany({ where: { conversation_id: input.conversationId, user_id: { not: input.userId } }, select: { user_id: true } })
        ).map((member) => member.user_id);
        if (input.countStatistics) {
          if (!first) {
            await tx.user.updateMany({ where: { id: { in: others } }, data: { conversation_opened_count: { increment: 1 } } });
          } else if (!answeredBefore && first.user_id !== input.userId) {
            const delaySeconds = Math.max(0, Math.round((input.now.getTime() - first.created_at.getTime()) / 1000));
            await tx.user.update({
              where: { id: input.userId },
              data: { conversation_answered_count: { increment: 1 }, answer_delay_sum: { increment: delaySeconds } },
            });
          }
        }
        return { message, others };
      });
    },
  };
}

export type ConversationRepository = ReturnType<typeof createConversationRepository>;

/** The relations the who-may-message-whom rule reads (provider: ConversationRepository::usersToChat). */
export function createChatReachRepository(db: Db) {
  return {
    /** `of` has accepted `friend` as a friend. */
    isFriend: async (of: number, friend: number) => (await db.friend.count({ where: { uid1: of, uid2: friend, state: 1 } })) > 0,
    /** `userId` is an accepted passenger (1, or 4 waiting for payment) on a trip of `ownerId`. */
    isPassengerOf: async (userId: number, ownerId: number) =>
      (await db.passenger.count({ where: { user_id: userId, request_state: { in: [...ACTIVE_REQUEST_STATES] }, trip: { user_id: ownerId, deleted_at: null } } })) > 0,
    /** `userId` has a request in any state on a trip of `ownerId`. */
    hasRequestOnTripOf: async (userId: number, ownerId: number) =>
      (await db.passenger.count({ where: { user_id: userId, trip: { user_id: ownerId, deleted_at: null } } })) > 0,
    /** `userId` has an active request (0, 1 or 4) on the trip. */
    hasActiveRequest: async (userId: number, tripId: number) =>
      (await db.passenger.count({ where: { user_id: userId, trip_id: tripId, request_state: { in: [...OPEN_REQUEST_STATES] } } })) > 0,
  };
}

export type ChatReachRepository = ReturnType<typeof createChatReachRepository>;
