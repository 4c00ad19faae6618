import type {
  Conversation as WireConversation,
  ConversationTrip as WireConversationTrip,
  ConversationUser as WireConversationUser,
  Message as WireMessage,
} from '@carpool/contracts';
import type { Message, User } from '@prisma/client';
import { toWireDateTime } from '../lib/dates';
import type { ConversationRecord } from '../repositories/conversation-repository';

const profileImage = (image: string | null) => (image ? `/image/profile/${image}` : '');

export function toWireMessage(message: Message, viewerId: number): WireMessage {
  return {
    id: message.id,
    text: message.text,
    created_at: toWireDateTime(message.created_at),
    user_id: message.user_id,
    conversation_id: message.conversation_id,
    ...(message.user_id === viewerId ? { no_of_read: message.no_of_read } : {}),
    is_system: false,
  };
}

export const toWireMember = (user: User): WireConversationUser => ({
  id: user.id,
  name: user.name,
  image: profileImage(user.image),
  last_connection: user.last_connection ? toWireDateTime(user.last_connection) : null,
  positive_ratings: user.positive_ratings,
  negative_ratings: user.negative_ratings,
});

/** The conversation's trip and that trip's return trip, unless deleted. */
export function conversationTrips(record: ConversationRecord) {
  const trip = record.trip && !record.trip.deleted_at ? record.trip : null;
  const returnTrip = trip?.returnTrip && !trip.returnTrip.deleted_at ? trip.returnTrip : null;
  return { trip, returnTrip };
}

/**
 * A conversation as the provider lists it: a private chat titled after the other member (the author
 * of the latest message not the viewer's, when more than one), a trip's group chat with its trip;
 * `trips` are the viewer's answers of the trips it shows, when the country coordinates by message.
 */
export function toWireConversation(
  record: ConversationRecord,
  viewerId: number,
  trips: { trip?: WireConversationTrip; returnTrip?: WireConversationTrip },
): WireConversation {
  const members = record.users.map((member) => member.user);
  const others = members.filter((user) => user.id !== viewerId);
  let peer = others[0];
  if (others.length > 1 && record.messages[0] && record.messages[0].user_id !== viewerId) {
    peer = others.find((user) => user.id === record.messages[0]!.user_id) ?? peer;
  }
  const isPrivate = record.type === 0;
  const { trip } = conversationTrips(record);
  const pivot = record.users.find((member) => member.user_id === viewerId);
  const updated = toWireDateTime(record.updated_at);
  return {
    id: record.id,
    type: record.type === 1 ? 1 : 0,
    ...(record.type === 1 && trip ? { trip_id: trip.id, trip_date: toWireDateTime(trip.trip_date) } : {}),
    ...(trips.returnTrip ? { return_trip: trips.returnTrip } : {}),
    ...(trips.trip ? { trip: trips.trip } : {}),
    title: isPrivate ? (peer?.name ?? 'Unknown User') : (record.title ?? ''),
    image: isPrivate ? profileImage(peer?.image ?? null) : '',
    unread: pivot ? !pivot.read : false,
    update_at: updated,
    updated_at: updated,
    last_message: record.messages[0] ? toWireMessage(record.messages[0], viewerId) : null,
    users: members.map(toWireMember),
  };
}
