import {
  PAGE_SIZES,
  type AppConfig,
  type Conversation as WireConversation,
  type ConversationTrip as WireConversationTrip,
  type MessagesQuerySchema,
  type Trip as WireTrip,
  type UnreadQuerySchema,
} from '@carpool/contracts';
import type { User } from '@prisma/client';
import type { z } from 'zod';
import { AppError } from '../lib/app-error';
import type { Clock } from '../lib/clock';
import { fromWireDateTime } from '../lib/dates';
import { pageOf, paginationMeta } from '../lib/paginate';
import { foldText } from '../lib/text';
import type { ChatReachRepository, ConversationRecord, ConversationRepository } from '../repositories/conversation-repository';
import type { RequestRepository } from '../repositories/request-repository';
import type { TripRepository } from '../repositories/trip-repository';
import type { UserRepository } from '../repositories/user-repository';
import { conversationTrips, toWireConversation, toWireMember, toWireMessage } from '../transformers/conversation-transformer';
import { PUBLIC_ACCESS, toWireUser } from '../transformers/user-transformer';
import type { NotificationService } from './notification-service';

type MessagesQuery = z.output<typeof MessagesQuerySchema>;
type UnreadQuery = z.output<typeof UnreadQuerySchema>;

/** The provider's messages (ConversationController, ConversationsManager), word for word. */
export const CONVERSATION_MESSAGES = {
  badRequest: 'Bad request exceptions',
  noDestinatary: 'Bad request exceptions: Destinatary user not provided.',
  unknownDestinatary: "Bad request exceptions: Destinatary user doesn't exist.",
  cannotCreate: 'ConversationController: Unabled to create conversation',
} as const;

export const CONVERSATION_TEXTS = {
  newMessage: (name: string) => `${name} te envió un mensaje.`,
} as const;

type Deps = {
  conversations: ConversationRepository;
  reach: ChatReachRepository;
  requests: RequestRepository;
  users: UserRepository;
  clock: Clock;
  /** Read on every call: the module switches may change while the app runs (mock controls). */
  country: { config: AppConfig };
  notifications: NotificationService;
  trips: TripRepository;
  /** The trip answer for a viewer (the trip panel of the chat, with module_coordinate_by_message). */
  tripAnswer: (viewer: User, tripId: number) => Promise<{ data: WireTrip }>;
};

/**
 * Conversations and messages (provider: ConversationController + ConversationsManager, SOCIAL.md §1).
 * Who may message whom: admins anyone; anyone may message an admin, a user who has them as a
 * friend, the owner of a trip they may see or ride on, or a user with a request on their trips.
 */
export function createConversationService({ conversations, reach, requests, users, clock, country, notifications, trips, tripAnswer }: Deps) {

  async function canMessage(sender: User, to: User): Promise<boolean> {
    if (sender.is_admin) return true;
    if (to.id === sender.id) return false;
    if (to.is_admin) return true;
    return (
      (await reach.isFriend(to.id, sender.id)) ||
      (await trips.ownsTripVisibleTo(to.id, sender.id)) ||
      (await reach.isPassengerOf(sender.id, to.id)) ||
      (await reach.hasRequestOnTripOf(to.id, sender.id))
    );
  }

  /** A trip as the conversation carries it: the viewer's trip answer without return_trip (undefined when hidden from them). */
  async function conversationTrip(viewer: User, tripId: number): Promise<WireConversationTrip | undefined> {
    try {
      const { return_trip: _beside, ...trip } = (await tripAnswer(viewer, tripId)).data;
      return trip;
    } catch {
      return undefined;
    }
  }

  async function toWire(record: ConversationRecord, viewer: User): Promise<WireConversation> {
    const { trip, returnTrip } = conversationTrips(record);
    const coordinate = country.config.module_coordinate_by_message;
    const [tripAnswer, returnTripAnswer] = await Promise.all([
      coordinate && trip ? conversationTrip(viewer, trip.id) : undefined,
      coordinate && returnTrip ? conversationTrip(viewer, returnTrip.id) : undefined,
    ]);
    return toWireConversation(record, viewer.id, { trip: tripAnswer, returnTrip: returnTripAnswer });
  }

  /** A conversation the viewer belongs to (admins too, when `adminsToo`), or the given error. */
  async function accessible(id: number, viewer: User, adminsToo: boolean, error: () => AppError): Promise<ConversationRecord> {
    const record = await conversations.find(id);
    if (!record) throw error();
    const member = record.users.some((user) => user.user_id === viewer.id);
    if (!member && !(adminsToo && viewer.is_admin)) throw error();
    return record;
  }

  const noAccess = () =>
    new AppError('user_does_not_have_access_to_conversation', {
      message: CONVERSATION_MESSAGES.badRequest,
      errors: { conversation_id: 'user_does_not_have_access_to_conversation' },
    });

  async function findOrCreatePrivate(sender: User, toId: number, tripId: number | undefined): Promise<ConversationRecord> {
    const to = await users.findById(toId);
    if (!to) throw new AppError('conversation_not_allowed', { message: CONVERSATION_MESSAGES.unknownDestinatary, errors: null });
    const trip = tripId ? await requests.findTrip(tripId) : null;

    const existing = await conversations.findPrivate(sender.id, to.id);
    if (existing) {
      // "Existing chat: always reopen it. Limit only applies to new inquiries."
      if (trip && existing.trip_id !== trip.id) await conversations.setTrip(existing.id, trip.id);
      return (await conversations.find(existing.id))!;
    }
    if (!(await canMessage(sender, to))) {
      throw new AppError('conversation_not_allowed', { message: CONVERSATION_MESSAGES.cannotCreate, errors: null });
    }
    if (trip) {
      // The driver's request limit counts new chats about the trip (unless the passenger already asked for a seat).
      const passengerId = trip.user_id === sender.id ? to.id : sender.id;
      const limit = trip.user.unaswered_messages_limit;
      if (limit > 0 && !(await reach.hasActiveRequest(passengerId, trip.id)) && (await requests.requestLimitCount(trip.id, trip.user_id)) >= limit) {
        throw new AppError('user_has_reach_request_limit', { message: CONVERSATION_MESSAGES.cannotCreate, asList: true });
      }
    }
    const id = await conversations.createPrivate(sender.id, to.id, trip?.id ?? null, clock.now());
    return (await conversations.find(id))!;
  }

  async function send(sender: User, record: ConversationRecord, text: string) {
    const { message, others } = await conversations.addMessage({
      conversationId: record.id,
      userId: sender.id,
      text,
      now: clock.now(),
      countStatistics: record.type === 0,
    });
    await notifications.notifyMany(
      others.map((userId) => ({
        userId,
        notification: { type: 'conversation', text: CONVERSATION_TEXTS.newMessage(sender.name), extras: { conversation_id: record.id } },
      })),
    );
    return message;
  }

  return {
    canMessage,

    /** GET /api/conversations: chats with messages, most recently active first, 20 a page. */
    async list(viewer: User, query: { page?: number; page_size?: number }, url: string) {
      const { page, perPage, offset } = pageOf(query, PAGE_SIZES.default);
      const { rows, total } = await conversations.pageOf(viewer.id, offset, perPage);
      const data = await Promise.all(rows.map((row) => toWire(row, viewer)));
      return { data, meta: paginationMeta({ total, count: data.length, page, perPage, url }) };
    },

    /** GET /api/conversations/show/:id: members only (admins get no bypass here, as in the provider). */
    async show(viewer: User, id: number) {
      const record = await accessible(id, viewer, false, () => new AppError('user_does_not_have_access_to_conversation', { message: CONVERSATION_MESSAGES.badRequest, errors: null }));
      return { data: await toWire(record, viewer) };
    },

    /** GET /api/conversations/user-list: the other members of the viewer's chats whose name contains value. */
    async userList(viewer: User, value: string | undefined) {
      const needle = foldText(value ?? '');
      const rows = await conversations.allWithMessagesOf(viewer.id);
      const peers = rows.flatMap((row) => row.users.map((member) => member.user).filter((user) => user.id !== viewer.id));
      return { data: peers.filter((user) => foldText(user.name).includes(needle)).map((user) => toWireUser(user, PUBLIC_ACCESS)) };
    },

    /** POST /api/conversations: the private chat with `to`, reused when it exists. */
    async create(sender: User, body: { to: number; tripId?: number }) {
      const record = await findOrCreatePrivate(sender, body.to, body.tripId);
      return { data: await toWire(record, sender) };
    },

    /**
     * GET /api/conversations/:id: newest first; `timestamp` pages back in time, `pageSize` (20)
     * limits; `unread` gives only the viewer's unread ones; `read` then marks the chat read.
     * Admins may read any conversation.
     */
    async messages(viewer: User, id: number, query: MessagesQuery) {
      const record = await accessible(id, viewer, true, noAccess);
      const rows = query.unread
        ? await conversations.unreadIn(record.id, viewer.id)
        : await conversations.messages(record.id, {
            before: query.timestamp ? fromWireDateTime(query.timestamp) : undefined,
            limit: query.pageSize,
          });
      if (query.read) await conversations.markRead(record.id, viewer.id, clock.now());
      return { data: rows.map((row) => toWireMessage(row, viewer.id)) };
    },

    /** GET /api/conversations/:id/users: the members (members and admins only). */
    async users(viewer: User, id: number) {
      const record = await accessible(id, viewer, true, noAccess);
      return record.users.map((member) => toWireMember(member.user));
    },

    /** POST /api/conversations/:id/send. */
    async send(sender: User, id: number, text: string) {
      const record = await accessible(id, sender, true, () =>
        new AppError('conversation_does_not_exist', { message: CONVERSATION_MESSAGES.badRequest, errors: { conversation_id: 'conversation_does_not_exist' } }),
      );
      const message = await send(sender, record, text);
      return { data: toWireMessage(message, sender.id) };
    },

    /**
     * POST /api/conversations/multi-send (the trip owner's message to all): the message in the
     * private chat with each user (found or started). Only passengers (accepted, or waiting for
     * payment) of the sender's trips are reached (issue #11); the others, and users the sender may not
     * message, are skipped silently, as the provider does.
     */
    async multiSend(sender: User, body: { message: string; users: number[] }) {
      for (const userId of new Set(body.users)) {
        if (!(await reach.isPassengerOf(userId, sender.id))) continue;
        const record = await findOrCreatePrivate(sender, userId, undefined).catch((error: unknown) => {
          if (error instanceof AppError) return null;
          throw error;
        });
        if (record) await send(sender, record, body.message);
      }
      return { message: true };
    },

    /**
     * GET /api/conversations/unread: the messages of every chat the viewer has not read, newer than
     * `timestamp`; with `conversation_id` that chat is then marked read.
     */
    async unread(viewer: User, query: UnreadQuery) {
      const rows = await conversations.unreadAcross(viewer.id, query.timestamp ? fromWireDateTime(query.timestamp) : undefined);
      if (query.conversation_id) {
        if (await conversations.isMember(query.conversation_id, viewer.id)) await conversations.markRead(query.conversation_id, viewer.id, clock.now());
      }
      return { data: rows.map((row) => toWireMessage(row, viewer.id)) };
    },
  };
}

export type ConversationService = ReturnType<typeof createConversationService>;
