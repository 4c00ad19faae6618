import { DEMO_ACCOUNTS } from '@carpool/seed';
import { REQUEST_STATES, RATINGS } from '@carpool/contracts';
import type { FastifyInstance } from 'fastify';

const HOUR = 3_600_000;

/** What a scenario answers: the ids it made or chose, so a test needs no seed ids. */
export type ScenarioIds = Record<string, number | string | number[] | string[] | boolean>;

export type Scenario = {
  name: string;
  /** One line for GET /__mock/scenarios, the control page and the README. */
  description: string;
  apply: (app: FastifyInstance) => Promise<ScenarioIds>;
};

async function demoUser(app: FastifyInstance, who: keyof typeof DEMO_ACCOUNTS) {
  return app.db.user.findUniqueOrThrow({ where: { email: DEMO_ACCOUNTS[who].email } });
}

/** Active, unbanned users outside the demo accounts, never `exclude`, in id order. */
async function regularUsers(app: FastifyInstance, count: number, exclude: number[]) {
  const users = await app.db.user.findMany({
    where: { active: true, banned: false, is_admin: false, id: { notIn: exclude }, email: { notIn: Object.values(DEMO_ACCOUNTS).map((demo) => demo.email) } },
    orderBy: { id: 'asc' },
    take: count,
  });
  if (users.length < count) throw new Error(`the seed has fewer than ${count} regular users`);
  return users;
}

/**
 * The demo driver's first trip at least two days ahead, offered (not a passenger's trip), visible, with
 * at least `seats` seats in total and no request of the demo passenger; its other open requests are
 * cancelled so the scenario owns its seats.
 */
async function driverTrip(app: FastifyInstance, options: { seats?: number; passengerId: number }) {
  const driver = await demoUser(app, 'driver');
  const trip = await app.db.trip.findFirst({
    where: {
      user_id: driver.id,
      is_passenger: false,
      hidden: false,
      deleted_at: null,
      total_seats: { gte: options.seats ?? 1 },
      trip_date: { gt: new Date(app.clock.now().getTime() + 48 * HOUR) },
      passengers: { none: { user_id: options.passengerId } },
    },
    orderBy: { trip_date: 'asc' },
  });
  if (!trip) throw new Error('the seed has no upcoming trip of the demo driver for this scenario');
  const now = app.clock.now();
  await app.db.passenger.updateMany({ where: { trip_id: trip.id, request_state: { in: [REQUEST_STATES.pending, REQUEST_STATES.waitingPayment, REQUEST_STATES.accepted] } }, data: { request_state: REQUEST_STATES.cancelled, updated_at: now } });
  await app.db.trip.update({ where: { id: trip.id }, data: { seats_available: trip.total_seats, updated_at: now } });
  return { driver, trip };
}

async function addRequest(app: FastifyInstance, tripId: number, userId: number, state: number, extra: { payment_status?: string } = {}) {
  const now = app.clock.now();
  const row = await app.db.passenger.create({ data: { trip_id: tripId, user_id: userId, request_state: state, created_at: now, updated_at: now, ...extra } });
  // Accepted and waiting-for-payment requests hold a seat (contracts' ACTIVE_REQUEST_STATES).
  if (state === REQUEST_STATES.accepted || state === REQUEST_STATES.waitingPayment) {
    await app.db.trip.update({ where: { id: tripId }, data: { seats_available: { decrement: 1 }, updated_at: now } });
  }
  return row;
}

async function seatAwaitingPayment(app: FastifyInstance, failed: boolean): Promise<ScenarioIds> {
  Object.assign(app.country.config, { module_trip_seats_payment: true });
  const passenger = await demoUser(app, 'passenger');
  const { driver, trip } = await driverTrip(app, { passengerId: passenger.id });
  if (trip.seat_price_cents <= 0) await app.db.trip.update({ where: { id: trip.id }, data: { seat_price_cents: 850_000 } });
  const request = await addRequest(app, trip.id, passenger.id, REQUEST_STATES.waitingPayment, failed ? { payment_status: 'failed' } : {});
  const ids: ScenarioIds = { trip_id: trip.id, request_id: request.id, driver_id: driver.id, passenger_id: passenger.id };
  if (failed) {
    const now = app.clock.now();
    const price = Math.max(trip.seat_price_cents, 850_000);
    const payment = await app.db.payment.create({
      data: { kind: 'seat', user_id: passenger.id, trip_id: trip.id, passenger_id: request.id, amount_cents: price, payment_status: 'failed', created_at: now, updated_at: now },
    });
    ids.payment_id = payment.id;
  }
  return ids;
}

/** The scenarios of POST /__mock/scenario/{name}, each applied on a fresh seed (issue 43). */
export const SCENARIOS: Scenario[] = [
  {
    name: 'full-trip',
    description: 'An upcoming trip of the demo driver with every seat taken by accepted passengers; the demo passenger has no request on it.',
    async apply(app) {
      const passenger = await demoUser(app, 'passenger');
      const { driver, trip } = await driverTrip(app, { seats: 2, passengerId: passenger.id });
      const riders = await regularUsers(app, trip.total_seats, [driver.id, passenger.id]);
      for (const rider of riders) await addRequest(app, trip.id, rider.id, REQUEST_STATES.accepted);
      return { trip_id: trip.id, driver_id: driver.id, passenger_ids: riders.map((rider) => rider.id), seats_available: 0 };
    },
  },
  {
    name: 'seat-awaiting-payment',
    description: 'Seat payment on; the demo passenger holds a seat on an upcoming trip of the demo driver, accepted and waiting for payment (state 4).',
    apply: (app) => seatAwaitingPayment(app, false),
  },
  {
    name: 'payment-failed',
    description: "Like seat-awaiting-payment, after a failed payment: the request stays waiting with payment_status 'failed' and a failed payment row.",
    apply: (app) => seatAwaitingPayment(app, true),
  },
  {
    name: 'rating-window-open',
    description: `The demo passenger rode an accepted seat on a trip of the demo driver; the server clock is moved ${RATINGS.opensAfterHours + 1} h past its departure, so both have a rating to give.`,
    async apply(app) {
      const passenger = await demoUser(app, 'passenger');
      const { driver, trip } = await driverTrip(app, { passengerId: passenger.id });
      const request = await addRequest(app, trip.id, passenger.id, REQUEST_STATES.accepted);
      const now = new Date(trip.trip_date.getTime() + (RATINGS.opensAfterHours + 1) * HOUR);
      app.clock.travelTo(now);
      await app.clock.settled();
      await app.services.ratings.runScheduled();
      return { trip_id: trip.id, request_id: request.id, driver_id: driver.id, passenger_id: passenger.id, now: now.toISOString() };
    },
  },
  {
    name: 'sellado-due',
    description: 'Trip-creation payment on and the demo driver over the free trips: the next trip they publish waits for the sellado.',
    async apply(app) {
      Object.assign(app.country.config, { module_trip_creation_payment_enabled: true });
      const driver = await demoUser(app, 'driver');
      const trips = await app.db.trip.count({ where: { user_id: driver.id, is_passenger: false, deleted_at: null } });
      const free = app.country.settings.freeTripsAmount;
      if (trips < free) throw new Error('the demo driver has fewer trips than the free ones');
      return { user_id: driver.id, trips, free_trips_amount: free };
    },
  },
  {
    name: 'trip-awaiting-sellado',
    description: 'Trip-creation payment on; an upcoming trip of the demo driver waits for its sellado: state awaiting_payment, needs_sellado 1, a pending fee payment and its payment_id (hidden to everyone else).',
    async apply(app) {
      Object.assign(app.country.config, { module_trip_creation_payment_enabled: true });
      const passenger = await demoUser(app, 'passenger');
      const { driver, trip } = await driverTrip(app, { passengerId: passenger.id });
      const now = app.clock.now();
      // As a trip created over the free ones is (repositories/trip-repository.ts create): the fee's payment row and its id.
      const payment = await app.db.payment.create({
        data: { kind: 'sellado', user_id: driver.id, trip_id: trip.id, amount_cents: app.country.config.module_trip_creation_payment_amount_cents, payment_status: 'pending', created_at: now, updated_at: now },
      });
      await app.db.trip.update({ where: { id: trip.id }, data: { state: 'awaiting_payment', needs_sellado: true, payment_id: String(payment.id), updated_at: now } });
      return { trip_id: trip.id, driver_id: driver.id, payment_id: payment.id };
    },
  },
  {
    name: 'banned-user',
    description: 'A regular user is banned: logging in with their e-mail (password carpool123) is refused.',
    async apply(app) {
      const [user] = await regularUsers(app, 1, []);
      await app.db.user.update({ where: { id: user!.id }, data: { banned: true, token_version: { increment: 1 } } });
      return { user_id: user!.id, email: user!.email };
    },
  },
  {
    name: 'unverified-driver',
    description: 'Validated drivers on and the demo driver not verified: publishing a trip as a driver is refused.',
    async apply(app) {
      Object.assign(app.country.config, { module_validated_drivers: true });
      const driver = await demoUser(app, 'driver');
      await app.db.user.update({ where: { id: driver.id }, data: { driver_is_verified: false } });
      return { user_id: driver.id };
    },
  },
  {
    name: 'many-pending-requests',
    description: 'An upcoming trip of the demo driver with three pending seat requests (and nothing else open) to answer.',
    async apply(app) {
      const passenger = await demoUser(app, 'passenger');
      const { driver, trip } = await driverTrip(app, { seats: 3, passengerId: passenger.id });
      const requesters = await regularUsers(app, 3, [driver.id, passenger.id]);
      const ids: number[] = [];
      for (const requester of requesters) ids.push((await addRequest(app, trip.id, requester.id, REQUEST_STATES.pending)).id);
      return { trip_id: trip.id, driver_id: driver.id, request_ids: ids, requester_ids: requesters.map((user) => user.id), requester_names: requesters.map((user) => user.name) };
    },
  },
  {
    name: 'unread-conversation',
    description: 'A new conversation between the demo driver and the demo passenger with three messages the passenger has not read.',
    async apply(app) {
      const driver = await demoUser(app, 'driver');
      const passenger = await demoUser(app, 'passenger');
      const start = app.clock.now().getTime() - 30 * 60_000;
      const conversation = await app.db.conversation.create({
        data: {
          type: 0,
          created_at: new Date(start),
          updated_at: new Date(start + 20 * 60_000),
          users: { create: [{ user_id: driver.id, read: true }, { user_id: passenger.id, read: false }] },
        },
      });
      const texts = ['Hola Lucía, ¿seguís buscando viaje?', 'Salgo a las 8 desde Retiro.', 'Avisame así te guardo el lugar.'];
      for (const [index, text] of texts.entries()) {
        await app.db.message.create({ data: { conversation_id: conversation.id, user_id: driver.id, text, created_at: new Date(start + index * 10 * 60_000) } });
      }
      return { conversation_id: conversation.id, driver_id: driver.id, passenger_id: passenger.id, unread: texts.length };
    },
  },
  {
    name: 'no-trips',
    description: 'Every trip (and what hangs on it: requests, ratings, payments) deleted: searches and my trips are empty.',
    async apply(app) {
      await app.db.subscriptionMatch.deleteMany({});
      await app.db.payment.deleteMany({});
      await app.db.rating.deleteMany({});
      await app.db.passenger.deleteMany({});
      await app.db.conversation.updateMany({ data: { trip_id: null } });
      await app.db.trip.updateMany({ data: { parent_trip_id: null } });
      await app.db.trip.deleteMany({});
      return { trips: await app.db.trip.count() };
    },
  },
];

export const scenarioNames = SCENARIOS.map((scenario) => scenario.name) as [string, ...string[]];
