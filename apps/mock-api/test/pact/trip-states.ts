import { SubscriptionBodySchema } from '@carpool/contracts';
import type { FastifyInstance } from 'fastify';
import { DEMO } from '../helper';
import { TEST_SEED } from '../seed-options';
import { addDays, fromWireDateTime } from '../../src/lib/dates';
import { BA, createPlainTrip, number, ROSARIO, text, userByEmail, wireDate, type Place, type StateHandler } from './fixtures';

const near = (place: Place) => ({ gt: place.lat - 0.05, lt: place.lat + 0.05 });

/** One end of a saved search as the trips home sends it: the place and 25 km around it. */
const searchEnd = (end: 'from' | 'to', place: Place) => ({
  [`${end}_address`]: `${place.name}, ${place.province}, Argentina`,
  [`${end}_lat`]: place.lat,
  [`${end}_lng`]: place.lng,
  [`${end}_radio`]: 25_000,
  [`${end}_id`]: place.id,
  [`${end}_json_address`]: { name: place.name, ciudad: place.name, provincia: place.province, country: 'AR' },
});

/** A saved search Buenos Aires → Rosario on a day ('YYYY-MM-DD'). */
const searchBody = (day: string) =>
  SubscriptionBodySchema.parse({ trip_date: day, ...searchEnd('from', BA), ...searchEnd('to', ROSARIO), is_passenger: false });

/** Trips, their search, and saved searches. */
export function tripStates(local: () => FastifyInstance): Record<string, StateHandler> {
  return {
    'public trips exist': async () => {
      // The interaction matches trips without car or return trip: make the list only such trips.
      const app = local();
      await app.db.trip.updateMany({ data: { deleted_at: app.clock.now() } });
      for (const days of [1, 2, 3]) await createPlainTrip(app, addDays(app.clock.now(), days));
    },

    'a public trip from Buenos Aires to Rosario': async (params) => {
      const app = local();
      app.clock.travelTo(new Date(text(params, 'now', TEST_SEED.now.toISOString())));
      // Only this trip may match the search, by the places' circles or by their ids (any trip
      // through Buenos Aires), so its optional parts (no car, no return) are known.
      await app.db.trip.updateMany({
        where: { OR: [{ origin_lat: near(BA), destination_lat: near(ROSARIO) }, { path: { contains: `.${BA.id}.` } }] },
        data: { deleted_at: app.clock.now() },
      });
      await createPlainTrip(app, wireDate(params, 'date'));
    },

    /** A plain trip (no car, return trip or requests) Buenos Aires → Rosario on the date. */
    'a trip of the demo driver': async (params) => {
      const tripId = await createPlainTrip(local(), wireDate(params, 'date'), { seats: number(params, 'seats', 3) });
      return { tripId };
    },

    /** The user's only upcoming trips: plain ones of their own (no car, return trip or requests) on the dates. */
    'the user has only plain upcoming trips of their own': async (params) => {
      const app = local();
      const user = await userByEmail(app, text(params, 'email'));
      await app.db.trip.updateMany({ where: { user_id: user.id }, data: { deleted_at: app.clock.now() } });
      const dates = Array.isArray(params.dates) ? params.dates.map(String) : [];
      for (const date of dates) await createPlainTrip(app, fromWireDateTime(date), { ownerEmail: user.email });
    },

    /**
     * The passenger's search alert for the trip's route and day is the only thing that matches
     * the trip: other users' alerts and passengers' trips are removed.
     */
    'a passenger saved a search matching the trip': async (params) => {
      const app = local();
      const passenger = await userByEmail(app, text(params, 'email'));
      await app.db.subscription.deleteMany();
      await app.db.trip.updateMany({ where: { is_passenger: true }, data: { deleted_at: app.clock.now() } });
      await app.services.subscriptions.create(passenger, searchBody(text(params, 'date')));
    },

    /** Her only saved search, Buenos Aires → Rosario on the day. */
    'the passenger has a saved search': async (params) => {
      const app = local();
      const passenger = await userByEmail(app, text(params, 'email', DEMO.passenger.email));
      await app.db.subscription.deleteMany({ where: { user_id: passenger.id } });
      const { data } = await app.services.subscriptions.create(passenger, searchBody(text(params, 'date')));
      return { subscriptionId: data.id };
    },

    'the passenger has no saved searches': async (params) => {
      const app = local();
      const passenger = await userByEmail(app, text(params, 'email', DEMO.passenger.email));
      await app.db.subscription.deleteMany({ where: { user_id: passenger.id } });
    },
  };
}
