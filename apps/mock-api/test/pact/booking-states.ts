import { NotificationTypeSchema } from '@carpool/contracts';
import type { FastifyInstance } from 'fastify';
import { DEMO } from '../helper';
import { addDays } from '../../src/lib/dates';
import { addSeatRequest, createMember, createPlainTrip, number, text, userByEmail, wireDate, type StateHandler } from './fixtures';

/** Seat requests, their payments and the bell. */
export function bookingStates(local: () => FastifyInstance): Record<string, StateHandler> {
  /** Cancels the user's open requests (0, 1, 4) so that the lists of the interaction show only its own. */
  async function clearRequestsOf(userId: number) {
    await local().db.passenger.updateMany({ where: { user_id: userId, request_state: { in: [0, 1, 4] } }, data: { request_state: 3 } });
  }

  return {
    'the passenger has no other seat requests': async (params) => {
      const passenger = await userByEmail(local(), text(params, 'email'));
      await clearRequestsOf(passenger.id);
    },

    /**
     * The passenger's only open request, in `state`, on the demo driver's only trip (a plain one
     * on `date` with `seats`; `othersAboard` other passengers already accepted). A request waiting
     * for payment has its pending seat payment. `requestLimit`: the driver's unaswered_messages_limit
     * (0, none, by default).
     */
    'a seat request on a trip of the demo driver': async (params) => {
      const app = local();
      const driver = await userByEmail(app, DEMO.driver.email);
      const passenger = await userByEmail(app, text(params, 'email'));
      await app.db.user.update({ where: { id: driver.id }, data: { unaswered_messages_limit: number(params, 'requestLimit', 0) } });
      await app.db.trip.updateMany({ where: { user_id: driver.id }, data: { deleted_at: app.clock.now() } });
      await clearRequestsOf(passenger.id);
      const tripId = await createPlainTrip(app, wireDate(params, 'date'), { seats: number(params, 'seats', 3) });
      for (let i = 0; i < number(params, 'othersAboard', 0); i++) {
        const other = await createMember(app, ['Joaquín Sosa', 'Carla Benítez', 'Ramiro Luna'][i % 3]!);
        await addSeatRequest(app, tripId, other.id, 1);
      }
      const state = number(params, 'state', 0);
      const request = await addSeatRequest(app, tripId, passenger.id, state);
      if (state === 4) {
        const trip = await app.db.trip.findUniqueOrThrow({ where: { id: tripId } });
        const now = app.clock.now();
        await app.db.payment.create({
          data: { kind: 'seat', user_id: passenger.id, trip_id: tripId, passenger_id: request.id, amount_cents: trip.seat_price_cents, created_at: now, updated_at: now },
        });
      }
      return { tripId, userId: passenger.id, requestId: request.id };
    },

    /** The demo driver's only trip, on `date`, published while the creation fee (sellado) is unpaid. */
    'a trip of the demo driver waiting for its creation fee': async (params) => {
      const app = local();
      const driver = await userByEmail(app, DEMO.driver.email);
      await app.db.trip.updateMany({ where: { user_id: driver.id }, data: { deleted_at: app.clock.now() } });
      const tripId = await createPlainTrip(app, wireDate(params, 'date'));
      await app.db.trip.update({ where: { id: tripId }, data: { needs_sellado: true, state: 'awaiting_payment', payment_id: 'pact-sellado' } });
      return { tripId };
    },

    /** Her only tried seat payment: paid by card, on a plain trip of the demo driver she is aboard. */
    'the passenger paid a seat on a trip of the demo driver': async (params) => {
      const app = local();
      const passenger = await userByEmail(app, text(params, 'email'));
      await app.db.payment.deleteMany({ where: { OR: [{ user_id: passenger.id }, { trip: { user_id: passenger.id } }] } });
      const tripId = await createPlainTrip(app, wireDate(params, 'date'));
      const request = await addSeatRequest(app, tripId, passenger.id, 1);
      const trip = await app.db.trip.findUniqueOrThrow({ where: { id: tripId } });
      const now = app.clock.now();
      await app.db.passenger.update({ where: { id: request.id }, data: { payment_status: 'ok' } });
      await app.db.payment.create({
        data: {
          kind: 'seat',
          user_id: passenger.id,
          trip_id: tripId,
          passenger_id: request.id,
          amount_cents: trip.seat_price_cents,
          payment_status: 'ok',
          payment_info: JSON.stringify({ cardDetail: { cardNumber: text(params, 'cardNumber') } }),
          created_at: now,
          updated_at: now,
        },
      });
      return { tripId };
    },

    /** Her only notification, unread, about a trip (through the service the booking events use). */
    'the user has a notification': async (params) => {
      const app = local();
      const user = await userByEmail(app, text(params, 'email'));
      await app.db.notification.deleteMany({ where: { user_id: user.id } });
      const tripId = await createPlainTrip(app, addDays(app.clock.now(), 3));
      const notification = await app.services.notifications.notify(user.id, {
        type: NotificationTypeSchema.parse(text(params, 'type', 'trip')),
        text: text(params, 'text'),
        extras: { trip_id: tripId },
      });
      return { notificationId: notification.id };
    },
  };
}
