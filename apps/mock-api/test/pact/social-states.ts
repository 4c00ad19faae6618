import type { FastifyInstance } from 'fastify';
import { DEMO } from '../helper';
import { addDays } from '../../src/lib/dates';
import { addSeatRequest, createMember, createPlainTrip, text, userByEmail, type StateHandler, type StateParams } from './fixtures';

/** Conversations and friends (issue #11). */
export function socialStates(local: () => FastifyInstance): Record<string, StateHandler> {
  /** A fresh member with no friendship rows and no chats (the pact's example person). */
  const member = (params: Record<string, unknown>) => createMember(local(), text(params, 'name', 'Sofía Etchegaray'));

  /**
   * The only chat of the passenger: a private one with the driver, where she asked and he
   * answered a minute later (unread by her).
   */
  const privateChat = async (params: StateParams) => {
    const app = local();
    const passenger = await userByEmail(app, text(params, 'passenger'));
    const driver = await userByEmail(app, text(params, 'driver'));
    await app.db.conversation.deleteMany({ where: { users: { some: { user_id: passenger.id } } } });
    const now = app.clock.now();
    // A public profile as the consumer matches it: a photo, a description, a recent connection.
    await app.db.user.update({ where: { id: driver.id }, data: { last_connection: now, image: driver.image ?? 'martin.jpg', description: driver.description ?? 'Viajo seguido.' } });
    const asked = new Date(now.getTime() - 10 * 60_000);
    const answered = new Date(now.getTime() - 9 * 60_000);
    const chat = await app.db.conversation.create({
      data: {
        type: 0,
        title: '',
        created_at: asked,
        updated_at: answered,
        users: { create: [{ user_id: passenger.id, read: false }, { user_id: driver.id, read: true }] },
        messages: {
          create: [
            { user_id: passenger.id, text: text(params, 'question'), no_of_read: 2, created_at: asked },
            { user_id: driver.id, text: text(params, 'answer'), no_of_read: 1, created_at: answered },
          ],
        },
      },
      include: { messages: true },
    });
    const question = chat.messages.find((message) => message.user_id === passenger.id)!;
    await app.db.messageRead.create({ data: { message_id: question.id, user_id: driver.id, created_at: answered } });
    return { conversationId: chat.id, driverId: driver.id };
  };

  return {
    'a private chat between the passenger and the driver': privateChat,

    /** The same chat about an upcoming trip of the driver that has a return trip (parent_trip_id). */
    'a private chat about a trip of the driver with a return trip': async (params) => {
      const app = local();
      const chat = await privateChat(params);
      const tripId = await createPlainTrip(app, addDays(app.clock.now(), 3));
      const returnTripId = await createPlainTrip(app, addDays(app.clock.now(), 5), { description: 'La vuelta: salgo de Rosario el domingo a la tarde.' });
      await app.db.trip.update({ where: { id: returnTripId }, data: { parent_trip_id: tripId } });
      await app.db.conversation.update({ where: { id: chat.conversationId }, data: { trip_id: tripId } });
      return { ...chat, tripId, returnTripId };
    },

    /** Someone with no trip, friendship or request in common with the passenger. */
    'a member the passenger may not message': async (params) => ({ userId: (await member(params)).id }),

    /** A plain upcoming trip of the demo driver with the passenger aboard. */
    'the driver has a passenger aboard': async (params) => {
      const app = local();
      const passenger = await userByEmail(app, text(params, 'passenger'));
      const tripId = await createPlainTrip(app, addDays(app.clock.now(), 3));
      await addSeatRequest(app, tripId, passenger.id, 1);
      return { passengerId: passenger.id, tripId };
    },

    'a member the passenger may befriend': async (params) => ({ userId: (await member(params)).id }),

    'a member asked the passenger to be friends': async (params) => {
      const app = local();
      const passenger = await userByEmail(app, DEMO.passenger.email);
      const other = await member(params);
      await app.db.friend.create({ data: { uid1: other.id, uid2: passenger.id, state: 0 } });
      return { userId: other.id };
    },

    'the passenger asked a member to be friends': async (params) => {
      const app = local();
      const passenger = await userByEmail(app, DEMO.passenger.email);
      const other = await member(params);
      await app.db.friend.create({ data: { uid1: passenger.id, uid2: other.id, state: 0 } });
      return { userId: other.id };
    },

    /**
     * Something in each navigation badge of the demo driver: an unread notification, a chat he has
     * not read, and a seat request waiting on his upcoming trip.
     */
    'the driver has something new in every badge': async (params) => {
      const app = local();
      const driver = await userByEmail(app, DEMO.driver.email);
      const other = await member(params);
      await app.services.notifications.notify(driver.id, { type: 'my-trips', text: `${other.name} quiere subirse a tu viaje.` });
      await app.db.conversation.create({ data: { type: 0, title: '', users: { create: [{ user_id: driver.id, read: false }, { user_id: other.id, read: true }] } } });
      await addSeatRequest(app, await createPlainTrip(app, addDays(app.clock.now(), 3)), other.id, 0);
    },

    'the passenger has a friend': async (params) => {
      const app = local();
      const passenger = await userByEmail(app, DEMO.passenger.email);
      const other = await member(params);
      await app.db.friend.createMany({ data: [{ uid1: other.id, uid2: passenger.id, state: 1 }, { uid1: passenger.id, uid2: other.id, state: 1 }] });
      return { userId: other.id };
    },
  };
}
