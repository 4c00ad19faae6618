import { z } from 'zod';
import {
  DateTimeStringSchema,
  IdSchema,
  dataOf,
  pathId,
  queryBool,
  queryInt,
} from './common';
import { LENGTHS, PAGE_SIZES } from './constants';
import { defineEndpoint } from './endpoint';
import { ErrorBodySchema } from './errors';
import { pageQuery, pageSizeQuery, paginated } from './pagination';
import { TripSchema } from './trips';
import { UserSchema } from './users';

/** 0 private (two users), 1 trip group. */
export const ConversationTypeSchema = z.union([z.literal(0), z.literal(1)]);

/** A member as the conversation JSON lists them (the viewer included); image is /image/profile/<file> or ''. */
export const ConversationUserSchema = z
  .object({
    id: IdSchema,
    name: z.string(),
    image: z.string().nullable().optional(),
    last_connection: DateTimeStringSchema.nullable(),
    positive_ratings: z.number().int().nonnegative().optional(),
    negative_ratings: z.number().int().nonnegative().optional(),
  })
  .loose();
export type ConversationUser = z.infer<typeof ConversationUserSchema>;

/** A chat message. no_of_read counts who has read it, the author included: above 1 shows the seen tick. */
export const MessageSchema = z
  .object({
    id: IdSchema,
    conversation_id: IdSchema,
    user_id: IdSchema,
    /** The author, for group chats. */
    user: z.object({ id: IdSchema, name: z.string(), image: z.string().nullable().optional() }).loose().optional(),
    text: z.string().max(LENGTHS.message),
    created_at: DateTimeStringSchema,
    /** The provider sends it on the viewer's own messages only. */
    no_of_read: z.number().int().nonnegative().optional(),
    /** Messages the system writes into trip group chats (":name se sumó al chat"). */
    is_system: z.boolean().optional(),
  })
  .loose();
export type Message = z.infer<typeof MessageSchema>;

/** The newest message (the provider sends the whole Message JSON). */
export const LastMessageSchema = z
  .object({ text: z.string(), created_at: DateTimeStringSchema })
  .loose();

/**
 * A trip inside a conversation: the trip answer without `return_trip`, which the provider sends
 * beside `trip` on the conversation instead (ConversationsTransformer).
 */
export const ConversationTripSchema = TripSchema.omit({ return_trip: true });
export type ConversationTrip = z.infer<typeof ConversationTripSchema>;

/**
 * A conversation as the list shows it. For a private chat, title and image are the other user's
 * name and photo URL (/image/profile/...). With module_coordinate_by_message, `trip` is the chat's
 * trip and `return_trip` its return trip (absent when it has none), both whole trip answers.
 */
export const ConversationSchema = z
  .object({
    id: IdSchema,
    type: ConversationTypeSchema,
    /** Group chats only: the trip and its departure. */
    trip_id: IdSchema.optional(),
    trip_date: DateTimeStringSchema.optional(),
    title: z.string(),
    image: z.string(),
    users: z.array(ConversationUserSchema),
    trip: ConversationTripSchema.nullable().optional(),
    return_trip: ConversationTripSchema.nullable().optional(),
    /** Unread by the current user. */
    unread: z.boolean(),
    /**
     * The provider spells it update_at (ConversationsTransformer) and sends no updated_at; our mock
     * sends both, so a client reads update_at first.
     */
    update_at: DateTimeStringSchema.nullable().optional(),
    updated_at: DateTimeStringSchema.optional(),
    last_message: LastMessageSchema.nullable(),
  })
  .loose();
export type Conversation = z.infer<typeof ConversationSchema>;

/** POST /api/conversations: open (or find) the private chat with `to`, about a trip if given. */
export const ConversationCreateBodySchema = z.object({
  to: IdSchema,
  tripId: IdSchema.optional(),
});
export type ConversationCreateBody = z.input<typeof ConversationCreateBodySchema>;

/** Text of a chat message: up to 800 characters and not blank. */
export const MessageTextSchema = z
  .string()
  .max(LENGTHS.message)
  .refine((text) => text.trim().length > 0, { message: 'El mensaje está vacío' });

export const SendMessageBodySchema = z.object({ message: MessageTextSchema });
export type SendMessageBody = z.input<typeof SendMessageBodySchema>;

export const MultiSendBodySchema = z.object({
  message: MessageTextSchema,
  users: z.array(IdSchema).min(1),
});
export type MultiSendBody = z.input<typeof MultiSendBodySchema>;

/** GET /api/conversations/:id. Paging goes backwards by time: `timestamp` = oldest message shown. */
export const MessagesQuerySchema = z.object({
  /** Mark the returned messages as read. */
  read: queryBool().optional(),
  /** Only unread messages. */
  unread: queryBool().optional(),
  pageSize: pageSizeQuery().default(PAGE_SIZES.messages),
  /** Messages older than this. */
  timestamp: DateTimeStringSchema.optional(),
});

/** GET /api/conversations/unread: messages that arrived since `timestamp`, in one chat or all. */
export const UnreadQuerySchema = z.object({
  conversation_id: queryInt().pipe(IdSchema).optional(),
  timestamp: DateTimeStringSchema.optional(),
});

const conversationParams = z.object({ id: pathId() });
const errors = { 401: ErrorBodySchema, 422: ErrorBodySchema };
const messageList = dataOf(z.array(MessageSchema));

export const conversationEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/conversations',
    summary: "The current user's conversations, latest first (paged)",
    auth: 'user',
    query: pageQuery(),
    responses: { 200: paginated(ConversationSchema), ...errors },
  }),
  show: defineEndpoint({
    method: 'GET',
    path: '/api/conversations/show/:id',
    summary: 'One conversation (members only)',
    auth: 'user',
    params: conversationParams,
    responses: { 200: dataOf(ConversationSchema), ...errors },
  }),
  userList: defineEndpoint({
    method: 'GET',
    path: '/api/conversations/user-list',
    summary: 'The people the current user has conversations with, by name',
    description:
      'The other members of the caller\'s conversations that have messages, newest conversation first, whose name ' +
      'contains value (case and accents ignored); a person in several chats appears once per chat, as the provider does.',
    auth: 'user',
    query: z.object({ value: z.string().trim().max(LENGTHS.searchText).optional() }),
    responses: { 200: dataOf(z.array(UserSchema)), ...errors },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/conversations',
    summary: 'Open the private conversation with a user (found if it exists)',
    description:
      'An existing two-person chat is reused (its trip set to tripId when given). Who may message whom: admins anyone; ' +
      'anyone an admin, a friend, the owner of a trip the sender may see or where the sender is an accepted passenger, ' +
      'or someone with a request on a trip of the sender. Otherwise 422 "ConversationController: Unabled to create ' +
      'conversation" without a code; unknown user: 422 "Bad request exceptions: Destinatary user doesn\'t exist.". A new ' +
      'chat about a trip counts toward the driver\'s request limit: user_has_reach_request_limit (as a list).',
    auth: 'user',
    body: ConversationCreateBodySchema,
    responses: { 200: dataOf(ConversationSchema), ...errors },
  }),
  messages: defineEndpoint({
    method: 'GET',
    path: '/api/conversations/:id',
    summary: 'Messages of a conversation, newest first, 20 at a time before timestamp',
    description:
      'Paged by time, not by page number: the next call passes the oldest created_at as timestamp; ' +
      'an empty list is the last page.',
    auth: 'user',
    params: conversationParams,
    query: MessagesQuerySchema,
    responses: { 200: messageList, ...errors },
  }),
  users: defineEndpoint({
    method: 'GET',
    path: '/api/conversations/:id/users',
    summary: 'Members of a conversation (a bare array, as the provider answers)',
    description: 'Members and admins only (the provider does not check; spec §6 does): otherwise user_does_not_have_access_to_conversation.',
    auth: 'user',
    params: conversationParams,
    responses: { 200: z.array(ConversationUserSchema), ...errors },
  }),
  send: defineEndpoint({
    method: 'POST',
    path: '/api/conversations/:id/send',
    summary: 'Send a message (up to 800 characters, not blank)',
    description:
      'Members (and admins) only, otherwise conversation_does_not_exist. The other members get a conversation notification ' +
      'and the message unread; the first message opens the chat for them and the first reply counts as answered.',
    auth: 'user',
    params: conversationParams,
    body: SendMessageBodySchema,
    responses: { 200: dataOf(MessageSchema), ...errors },
  }),
  multiSend: defineEndpoint({
    method: 'POST',
    path: '/api/conversations/multi-send',
    summary: 'Send one message to several users, each in their private chat',
    description:
      'Also the trips "Send to all" call of spec §7 (path not shown there; the provider\'s path): the trip ' +
      "owner messages the passengers; on success the client shows 'El mensaje fue enviado.' Users the sender may " +
      'not message are skipped; the answer is always {message: true}.',
    auth: 'user',
    body: MultiSendBodySchema,
    responses: { 200: z.object({ message: z.boolean() }), ...errors },
  }),
  unread: defineEndpoint({
    method: 'GET',
    path: '/api/conversations/unread',
    summary: 'New messages since timestamp (polled every 20 s), in one conversation or all',
    auth: 'user',
    query: UnreadQuerySchema,
    responses: { 200: messageList, ...errors },
  }),
};
