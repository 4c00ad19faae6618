import type { FastifyInstance } from 'fastify';
import { DEMO } from '../helper';
import { addDays } from '../../src/lib/dates';
import { addSeatRequest, createMember, createPlainTrip, text, userByEmail, type StateHandler } from './fixtures';

/** Ratings and references (issue #12). */
export function ratingStates(local: () => FastifyInstance): Record<string, StateHandler> {
  /**
   * A plain trip of the demo driver that started two days ago with the passenger aboard: its ratings
   * are open (24 h after the start, for 14 days); the rating job makes both pending rows.
   */
  async function travelledTogether(params: Record<string, unknown>, driverName?: string) {
    const app = local();
    const passenger = await userByEmail(app, text(params, 'passenger', DEMO.passenger.email));
    const driver = driverName ? await createMember(app, driverName) : await userByEmail(app, DEMO.driver.email);
    const tripId = await createPlainTrip(app, addDays(app.clock.now(), -2), { ownerEmail: driver.email });
    await addSeatRequest(app, tripId, passenger.id, 1);
    await app.services.ratings.runScheduled();
    return { app, passenger, driver, tripId };
  }

  return {
    'the passenger and the driver travelled together two days ago': async (params) => {
      const { passenger, driver, tripId } = await travelledTogether(params);
      return { tripId, driverId: driver.id, passengerId: passenger.id };
    },

    /** Both voted on that trip, so the passenger's rating of the driver is public (no reply yet). */
    'the passenger and the driver rated each other': async (params) => {
      const { app, passenger, driver, tripId } = await travelledTogether(params);
      await app.services.ratings.rate(passenger, tripId, driver.id, { rating: 1, comment: text(params, 'comment') });
      await app.services.ratings.rate(driver, tripId, passenger.id, { rating: 1, comment: 'Muy buena compañera de viaje.' });
      return { tripId, driverId: driver.id, passengerId: passenger.id };
    },

    /**
     * A new member drove the passenger two days ago and both voted: the member's only rating is the
     * passenger's, public and not replied (so every field of the list has one type).
     */
    'the passenger and a member who drove her rated each other': async (params) => {
      const { app, passenger, driver, tripId } = await travelledTogether(params, text(params, 'name'));
      await app.services.ratings.rate(passenger, tripId, driver.id, { rating: 1, comment: text(params, 'comment') });
      await app.services.ratings.rate(driver, tripId, passenger.id, { rating: 1, comment: 'Muy buena compañera de viaje.' });
      return { tripId, memberId: driver.id };
    },

    /** The passenger rated the driver already; the driver has not voted yet. */
    'the passenger already rated the driver': async (params) => {
      const { app, passenger, driver, tripId } = await travelledTogether(params);
      await app.services.ratings.rate(passenger, tripId, driver.id, { rating: 1, comment: 'Puntual y amable.' });
      return { tripId, driverId: driver.id };
    },

    /**
     * As the state above, and the member also drove someone else three days ago, who rated them
     * negatively: the member has one public positive rating and one public negative one.
     */
    'a member who drove the passenger has a positive and a negative public rating': async (params) => {
      const { app, passenger, driver: member, tripId } = await travelledTogether(params, text(params, 'name'));
      await app.services.ratings.rate(passenger, tripId, member.id, { rating: 1, comment: text(params, 'comment') });
      await app.services.ratings.rate(member, tripId, passenger.id, { rating: 1, comment: 'Muy buena compañera de viaje.' });
      const other = await createMember(app, 'Carla Benítez');
      const otherTrip = await createPlainTrip(app, addDays(app.clock.now(), -3), { ownerEmail: member.email });
      await addSeatRequest(app, otherTrip, other.id, 1);
      await app.services.ratings.runScheduled();
      await app.services.ratings.rate(other, otherTrip, member.id, { rating: 0, comment: text(params, 'negative') });
      await app.services.ratings.rate(member, otherTrip, other.id, { rating: 1, comment: 'Puntual.' });
      return { memberId: member.id };
    },

    /** They travelled together, the ratings were made, and the 14 days to vote have passed unvoted. */
    'the rating window of the passenger and the driver closed': async (params) => {
      const { app, driver, tripId } = await travelledTogether(params);
      await app.db.trip.update({ where: { id: tripId }, data: { trip_date: addDays(app.clock.now(), -16) } });
      return { tripId, driverId: driver.id };
    },

    /** Someone the passenger has written nothing about (references are one per author and profile). */
    'a member without a reference from the passenger': async (params) => ({ userId: (await createMember(local(), text(params, 'name', 'Sofía Etchegaray'))).id }),
  };
}
