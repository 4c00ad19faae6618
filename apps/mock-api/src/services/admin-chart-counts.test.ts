import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, build, login } from '../../test/helper';
import { seededRandom } from '../../test/random';
import { makeUser } from '../../test/trips';
import { LOCAL_MONTH } from '../repositories/admin-chart-repository';

// The admin charts' counts per month are kept by triggers (migration 20261127220000_admin_chart_months)
// instead of being grouped on asking. Whatever is written, they must equal what grouping the real
// tables gives: the SQL the service ran before (Argentina's months, the repository's LOCAL_MONTH).
const GROUPED_TRIPS = `SELECT ${LOCAL_MONTH('trip_date')} AS k, COUNT(*) AS n, COALESCE(SUM(total_seats), 0) AS seats FROM trips WHERE is_passenger = 0 GROUP BY k ORDER BY k`;
const GROUPED_SEATS =
  `SELECT ${LOCAL_MONTH('t.trip_date')} AS k, p.request_state AS s, COUNT(*) AS n FROM trip_passengers p ` +
  'JOIN trips t ON t.id = p.trip_id WHERE t.is_passenger = 0 GROUP BY k, s ORDER BY k, s';
const KEPT_TRIPS = 'SELECT month AS k, trips AS n, seats FROM chart_trip_months WHERE trips > 0 ORDER BY month';
const KEPT_SEATS = 'SELECT month AS k, state AS s, requests AS n FROM chart_seat_months WHERE requests > 0 ORDER BY month, state';

// Instants on both sides of Argentine month ends (UTC−3): 02:59 UTC on the 1st is still the month before.
const DATES = [
  '2031-05-01T02:59:00Z',
  '2031-05-01T03:00:00Z',
  '2031-05-31T23:30:00Z',
  '2031-06-01T01:00:00Z',
  '2031-06-15T12:00:00Z',
  '2031-12-31T23:30:00Z',
  '2032-01-01T02:00:00Z',
  '2032-01-01T03:30:00Z',
];

describe('admin chart counts kept by the database', () => {
  let app: FastifyInstance;
  let admin: string;
  beforeAll(async () => {
    app = await build();
    admin = await login(app, DEMO.admin);
  });

  const rows = async (sql: string) =>
    (await app.db.$queryRawUnsafe<Record<string, unknown>[]>(sql)).map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, typeof value === 'bigint' ? Number(value) : value])));
  // Every month a step left requests in, for the check that the steps reached both sides of month ends.
  const seen = new Set<unknown>();
  const expectKeptEqualsGrouped = async (step: string) => {
    expect({ step, trips: await rows(KEPT_TRIPS) }).toEqual({ step, trips: await rows(GROUPED_TRIPS) });
    const seats = await rows(KEPT_SEATS);
    expect({ step, seats }).toEqual({ step, seats: await rows(GROUPED_SEATS) });
    for (const row of seats) seen.add(row.k);
  };

  it('start equal to the grouped rows of the seeded database', async () => {
    expect((await rows(KEPT_TRIPS)).length).toBeGreaterThan(0);
    expect((await rows(KEPT_SEATS)).length).toBeGreaterThan(0);
    await expectKeptEqualsGrouped('seed');
  });

  it('stay equal through random writes of every kind: trips, their dates, kind and seats, requests, deletions and cascades', async () => {
    const random = seededRandom(20261127);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const users = [(await makeUser(app)).user.id, (await makeUser(app)).user.id, (await makeUser(app)).user.id];
    const trips: number[] = [];
    const requests: number[] = [];
    const createTrip = async (userId = pick(users)) => {
      const seats = 1 + Math.floor(random() * 4);
      const trip = await app.db.trip.create({
        data: {
          user_id: userId,
          from_town: 'Rosario',
          to_town: 'Córdoba',
          trip_date: new Date(pick(DATES)),
          total_seats: seats,
          seats_available: seats,
          is_passenger: random() < 0.25,
          origin_lat: -32.95,
          origin_lng: -60.64,
          destination_lat: -31.42,
          destination_lng: -64.18,
        },
      });
      trips.push(trip.id);
      return trip.id;
    };
    const createRequest = async () => {
      if (trips.length === 0) await createTrip();
      const request = await app.db.passenger.create({ data: { trip_id: pick(trips), user_id: pick(users), request_state: Math.floor(random() * 5) } });
      requests.push(request.id);
    };
    const without = (list: number[], id: number) => list.splice(list.indexOf(id), 1);

    const operations: [string, () => Promise<unknown>][] = [
      ['create a trip', () => createTrip()],
      ['create a request', createRequest],
      ['create a request', createRequest],
      ['move a trip to another date', async () => trips.length && app.db.trip.update({ where: { id: pick(trips) }, data: { trip_date: new Date(pick(DATES)) } })],
      ['turn a trip into the other kind', async () => {
        if (!trips.length) return;
        const trip = await app.db.trip.findUniqueOrThrow({ where: { id: pick(trips) } });
        await app.db.trip.update({ where: { id: trip.id }, data: { is_passenger: !trip.is_passenger } });
      }],
      ['change a trip\'s seats', async () => trips.length && app.db.trip.update({ where: { id: pick(trips) }, data: { total_seats: 1 + Math.floor(random() * 6) } })],
      ['answer a request', async () => requests.length && app.db.passenger.update({ where: { id: pick(requests) }, data: { request_state: Math.floor(random() * 5) } })],
      ['move a request to another trip', async () => requests.length && trips.length && app.db.passenger.update({ where: { id: pick(requests) }, data: { trip_id: pick(trips) } })],
      ['delete a request', async () => {
        if (!requests.length) return;
        const id = pick(requests);
        without(requests, id);
        await app.db.passenger.delete({ where: { id } });
      }],
      ['delete a trip with its requests (cascade)', async () => {
        if (!trips.length) return;
        const id = pick(trips);
        without(trips, id);
        const gone = await app.db.passenger.findMany({ where: { trip_id: id }, select: { id: true } });
        for (const { id: request } of gone) without(requests, request);
        await app.db.trip.delete({ where: { id } });
      }],
      ['move several trips at once', async () =>
        app.db.trip.updateMany({ where: { id: { in: trips.filter(() => random() < 0.3) } }, data: { trip_date: new Date(pick(DATES)) } })],
      ['delete a user with their trips and requests (cascade)', async () => {
        const { user } = await makeUser(app);
        const own = [await createTrip(user.id), await createTrip(user.id)];
        for (const trip of own) {
          const request = await app.db.passenger.create({ data: { trip_id: trip, user_id: pick(users), request_state: 1 } });
          requests.push(request.id);
        }
        await expectKeptEqualsGrouped('before deleting a user');
        for (const trip of own) without(trips, trip);
        const gone = await app.db.passenger.findMany({ where: { trip_id: { in: own } }, select: { id: true } });
        for (const { id } of gone) without(requests, id);
        await app.db.user.delete({ where: { id: user.id } });
      }],
    ];

    for (let step = 0; step < 240; step++) {
      const [name, operation] = pick(operations);
      await operation();
      await expectKeptEqualsGrouped(`${step}: ${name}`);
    }
    // The steps counted requests in the months on both sides of each month end of DATES.
    expect([...seen]).toEqual(expect.arrayContaining(['2031-04', '2031-05', '2031-06', '2031-12', '2032-01']));
  });

  it('are what the chart calls answer, within a month range', async () => {
    const expected = (await rows(GROUPED_SEATS)).filter((row) => String(row.k) >= '2031-05' && String(row.k) <= '2031-12');
    const answer = await app.inject({ method: 'GET', url: '/api/data/seats?date_from=2031-05&date_to=2031-12', headers: bearer(admin) });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().seats.map((row: { key: string; state: number; cantidad: number }) => ({ k: row.key, s: row.state, n: row.cantidad }))).toEqual(expected);
    const trips = await app.inject({ method: 'GET', url: '/api/data/trips?date_from=2031-05&date_to=2031-12', headers: bearer(admin) });
    expect(trips.json().trips.map((row: { key: string; cantidad: number; asientos_ofrecidos_total: number }) => ({ k: row.key, n: row.cantidad, seats: row.asientos_ofrecidos_total }))).toEqual(
      (await rows(GROUPED_TRIPS)).filter((row) => String(row.k) >= '2031-05' && String(row.k) <= '2031-12'),
    );
  });
});
