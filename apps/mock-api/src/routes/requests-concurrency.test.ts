import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { codeOf, decide, inHours, makeTrip, makeUser, makeUsers, request, seatsOf, type TestUser } from '../../test/booking';
import { build } from '../../test/helper';
import { createDb } from '../db/client';
import { createRequestRepository } from '../repositories/request-repository';

/**
 * No overbooking, ever: many accepts (or auto-accepted requests) fired at once at a trip with
 * fewer free seats than callers. app.inject runs them through the whole stack concurrently.
 */
const ATTEMPTS = 50;

let app: FastifyInstance;

beforeAll(async () => {
  app = await build();
});

const requesters = (count: number): Promise<TestUser[]> => makeUsers(app, count, 'Pasajero concurrente');

/** Pending requests of everyone on the trip, made in one INSERT (the request call has its own tests). */
async function pendingRequests(tripId: number, people: TestUser[]) {
  await app.db.passenger.createMany({ data: people.map((person) => ({ trip_id: tripId, user_id: person.user.id, request_state: 0 })) });
}

function tally(responses: LightMyRequestResponse[]) {
  const ok = responses.filter((response) => response.statusCode === 200);
  const noSeat = responses.filter((response) => response.statusCode === 422 && codeOf(response) === 'not_seat_available');
  const other = responses.filter((response) => !ok.includes(response) && !noSeat.includes(response));
  return { ok, noSeat, other };
}

describe(`${ATTEMPTS} concurrent calls for the last seat`, () => {
  it(`${ATTEMPTS} concurrent accepts by the owner on a one-seat trip board exactly one passenger`, async () => {
    const driver = await makeUser(app, { name: 'Conductor concurrente' });
    const trip = await makeTrip(app, driver.user.id, { seats: 1, date: inHours(48) });
    const people = await requesters(ATTEMPTS);
    await pendingRequests(trip.id, people);
    const before = await seatsOf(app, trip.id);
    expect(before).toMatchObject({ available: 1, pending: ATTEMPTS, active: 0 });

    const responses = await Promise.all(people.map((person) => decide(app, driver, trip.id, person.user.id, 'accept')));
    const { ok, noSeat, other } = tally(responses);
    const after = await seatsOf(app, trip.id);
    console.info(
      `[concurrency] accept: attempts=${ATTEMPTS} successes=${ok.length} not_seat_available=${noSeat.length} other=${other.length} ` +
        `seats_available ${before.available} → ${after.available} (total ${after.total}), passengers aboard ${after.active}, still pending ${after.pending}`,
    );
    expect(other.map((response) => response.body)).toEqual([]);
    expect(ok).toHaveLength(1);
    expect(noSeat).toHaveLength(ATTEMPTS - 1);
    expect(after).toMatchObject({ available: 0, accepted: 1, active: 1, pending: ATTEMPTS - 1 });
    // The one who got the seat is the one the database holds.
    const winner = ok[0]!.json<{ data: { user_id: number } }>().data.user_id;
    expect((await app.db.passenger.findFirstOrThrow({ where: { trip_id: trip.id, request_state: 1 } })).user_id).toBe(winner);
  });

  it(`${ATTEMPTS} concurrent requests on a one-seat trip of an auto-accepting driver board exactly one`, async () => {
    const driver = await makeUser(app, { name: 'Conductora automática', autoaccept_requests: true });
    const trip = await makeTrip(app, driver.user.id, { seats: 1, date: inHours(60) });
    const people = await requesters(ATTEMPTS);

    const responses = await Promise.all(people.map((person) => request(app, person, trip.id)));
    const { ok, noSeat, other } = tally(responses);
    const after = await seatsOf(app, trip.id);
    console.info(
      `[concurrency] auto-accept: attempts=${ATTEMPTS} successes=${ok.length} not_seat_available=${noSeat.length} other=${other.length} ` +
        `seats_available 1 → ${after.available} (total ${after.total}), passengers aboard ${after.active}, request rows ${after.pending + after.active + after.cancelled}`,
    );
    expect(other.map((response) => response.body)).toEqual([]);
    expect(ok).toHaveLength(1);
    expect(ok[0]!.json().data.request_state).toBe(1);
    expect(noSeat).toHaveLength(ATTEMPTS - 1);
    // The refused requests were rolled back with their seat attempt: one row, the passenger aboard.
    expect(after).toMatchObject({ available: 0, accepted: 1, active: 1, pending: 0 });
    expect(await app.db.passenger.count({ where: { trip_id: trip.id } })).toBe(1);
  });

  it(`${ATTEMPTS} concurrent accepts on a three-seat trip board exactly three`, async () => {
    const driver = await makeUser(app);
    const trip = await makeTrip(app, driver.user.id, { seats: 3, date: inHours(80) });
    const people = await requesters(ATTEMPTS);
    await pendingRequests(trip.id, people);
    const responses = await Promise.all(people.map((person) => decide(app, driver, trip.id, person.user.id, 'accept')));
    const { ok, noSeat, other } = tally(responses);
    const after = await seatsOf(app, trip.id);
    console.info(`[concurrency] accept, 3 seats: attempts=${ATTEMPTS} successes=${ok.length} not_seat_available=${noSeat.length} seats_available 3 → ${after.available}, aboard ${after.active}`);
    expect(other).toHaveLength(0);
    expect(ok).toHaveLength(3);
    expect(after).toMatchObject({ available: 0, active: 3 });
  });

  it('keeps the seat counter exact when passengers leave while the owner accepts others', async () => {
    const driver = await makeUser(app);
    const trip = await makeTrip(app, driver.user.id, { seats: 2, date: inHours(90) });
    const people = await requesters(20);
    await pendingRequests(trip.id, people);
    // Two aboard; then, all at once: both leave, and the owner accepts the other 18.
    for (const person of people.slice(0, 2)) expect((await decide(app, driver, trip.id, person.user.id, 'accept')).statusCode).toBe(200);
    const calls = [
      ...people.slice(0, 2).map((person) => decide(app, person, trip.id, person.user.id, 'cancel')),
      ...people.slice(2).map((person) => decide(app, driver, trip.id, person.user.id, 'accept')),
    ];
    const responses = await Promise.all(calls);
    expect(responses.filter((response) => response.statusCode !== 200 && codeOf(response) !== 'not_seat_available')).toHaveLength(0);
    const after = await seatsOf(app, trip.id);
    expect(after.active).toBeLessThanOrEqual(after.total);
    expect(after.available).toBe(after.total - after.active);
    expect(after.cancelled).toBe(2);
  });

  it('pays a seat only once when "Pagar" is pressed many times at once', async () => {
    const paid = await build();
    paid.country.config.module_trip_seats_payment = true;
    const driver = await makeUser(paid);
    const passenger = await makeUser(paid);
    const trip = await makeTrip(paid, driver.user.id, { seats: 1 });
    await request(paid, passenger, trip.id);
    const accepted = (await decide(paid, driver, trip.id, passenger.user.id, 'accept')).json().data;
    expect(accepted.request_state).toBe(4);
    // The passenger's payment session (what the app's /app/pay opens).
    const session = await paid.inject({ method: 'POST', url: '/transbank/session', headers: passenger.headers });
    const cookie = String(session.headers['set-cookie']).split(';')[0]!;
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        paid.inject({ method: 'POST', url: '/transbank/pay', payload: `tp_id=${accepted.id}`, headers: { 'content-type': 'application/x-www-form-urlencoded', cookie } }),
      ),
    );
    expect(responses.filter((response) => response.statusCode === 303)).toHaveLength(1);
    expect(responses.filter((response) => response.statusCode === 422)).toHaveLength(9);
    expect(await paid.db.payment.count({ where: { passenger_id: accepted.id, payment_status: 'ok' } })).toBe(1);
    expect(await seatsOf(paid, trip.id)).toMatchObject({ available: 0, accepted: 1 });
  });

  it('takes the last seat once even across separate database connections (as separate server processes would)', async () => {
    const driver = await makeUser(app);
    const trip = await makeTrip(app, driver.user.id, { seats: 1 });
    // Each client has its own connection and its own transaction queue: nothing but SQLite orders them.
    const clients = Array.from({ length: 8 }, () => createDb(app.env.databaseUrl));
    try {
      const results = await Promise.allSettled(
        clients.map((client) => client.$transaction((tx) => createRequestRepository(tx).takeSeat(trip.id), { maxWait: 10_000, timeout: 10_000 })),
      );
      const taken = results.filter((result) => result.status === 'fulfilled' && result.value === 1).length;
      const refused = results.filter((result) => result.status === 'fulfilled' && result.value === 0).length;
      const busy = results.filter((result) => result.status === 'rejected').length;
      console.info(`[concurrency] separate connections: attempts=${clients.length} took the seat=${taken} found none=${refused} database busy=${busy}`);
      expect(taken).toBe(1);
      expect((await seatsOf(app, trip.id)).available).toBe(0);
    } finally {
      await Promise.all(clients.map((client) => client.$disconnect()));
    }
  });
});
