import type { FastifyInstance } from 'fastify';
import type { User } from '@prisma/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../test/helper';
import { toWireTrip, tripViewer } from '../transformers/trip-transformer';
import { createSqlReader, type SqlReader } from './sql-reader';
import { createTripReadModel } from './trip-read-model';
import { readRecords } from './trip-rows';

// The trip answers the read model keeps across writes (kept-answers.ts): a write drops exactly the trips
// whose answer it changed, logged by the triggers of migration 20261125000000_trip_answer_changes
// (the users' and cars' only for a changed value, 20261126000000_trip_answer_changes_when_shown),
// whoever writes. Each step writes through Prisma or raw SQL (as another process would) and compares
// the kept answer with one built from the database at that moment.

let app: FastifyInstance;
let admin: User;

beforeAll(async () => {
  app = await build();
  admin = await app.db.user.findFirstOrThrow({ where: { is_admin: true } });
});

/** The answer as the database says now: read on a connection of its own, with nothing kept. */
async function truth(id: number, viewer: User) {
  const [record] = await readRecords(createSqlReader(app.db), [id]);
  return JSON.parse(JSON.stringify(toWireTrip(record!, tripViewer(viewer)))) as unknown;
}

/** The trip page's answer, without the viewer's extras (read on each request, never kept). */
async function kept(id: number, viewer: User) {
  const { data } = JSON.parse((await app.services.trips.showJson(viewer, id)).toString('utf8')) as { data: Record<string, unknown> };
  const viewerOnly = new Set(['driver_is_friend', 'seat_request_limit', 'seat_request_limit_reached', 'group_chat_conversation_id', 'group_chat_unread_count']);
  return Object.fromEntries(Object.entries(data).filter(([key]) => !viewerOnly.has(key)));
}

async function expectCurrent(id: number, viewer: User = admin) {
  expect(await kept(id, viewer)).toEqual(await truth(id, viewer));
}

const lastChange = async () => (await app.db.tripAnswerChange.aggregate({ _max: { seq: true } }))._max.seq ?? 0;
const changedSince = async (seq: number) =>
  new Set((await app.db.tripAnswerChange.findMany({ where: { seq: { gt: seq } }, select: { trip_id: true } })).map((row) => row.trip_id));

describe('trip answers kept across writes', () => {
  it('follow every write that changes a trip answer, by any connection, and no other', async () => {
    // A trip with a car and a passenger, of an owner whose trips are all kept.
    const trip = await app.db.trip.findFirstOrThrow({
      where: { deleted_at: null, car_id: { not: null }, parent_trip_id: null, returnTrip: null, passengers: { some: { request_state: 1 } } },
      include: { passengers: true },
    });
    const passengerId = trip.passengers.find((p) => p.request_state === 1)!.user_id;
    const owner = await app.db.user.findUniqueOrThrow({ where: { id: trip.user_id } });
    const other = await app.db.trip.findFirstOrThrow({ where: { deleted_at: null, user_id: { not: trip.user_id }, id: { not: trip.id } } });
    await expectCurrent(trip.id);
    await expectCurrent(trip.id, owner);
    await expectCurrent(other.id);

    // The trip's own row, raw.
    await app.db.$executeRawUnsafe('UPDATE trips SET description = ?, seats_available = 1 WHERE id = ?', 'Salgo más temprano.', trip.id);
    await expectCurrent(trip.id);
    // A request answered, and a new one (the counts, passenger lists and allPassengerRequest).
    await app.db.passenger.updateMany({ where: { trip_id: trip.id, user_id: passengerId }, data: { request_state: 3 } });
    await expectCurrent(trip.id);
    const stranger = await app.db.user.findFirstOrThrow({ where: { id: { notIn: [trip.user_id, passengerId] }, passengerRequests: { none: { trip_id: trip.id } } } });
    await app.db.$executeRawUnsafe('INSERT INTO trip_passengers (trip_id, user_id, request_state, created_at, updated_at) VALUES (?, ?, 0, ?, ?)', trip.id, stranger.id, Date.now(), Date.now());
    await expectCurrent(trip.id);
    await expectCurrent(trip.id, stranger);
    // The owner's name, a requester's photo, the car's plate, a point's address.
    await app.db.user.update({ where: { id: trip.user_id }, data: { name: 'Martina Renombrada' } });
    await expectCurrent(trip.id);
    await app.db.$executeRawUnsafe('UPDATE users SET image = ? WHERE id = ?', 'nueva-foto.jpg', stranger.id);
    await expectCurrent(trip.id);
    await app.db.car.update({ where: { id: trip.car_id! }, data: { patente: 'AB 123 CD' } });
    await expectCurrent(trip.id);
    await app.db.$executeRawUnsafe('UPDATE trips_points SET address = ? WHERE trip_id = ? AND position = 0', 'Terminal de ómnibus', trip.id);
    await expectCurrent(trip.id);
    // A return trip shows on its outbound trip, and leaves it when deleted.
    const { id: _id, parent_trip_id: _parent, ...copy } = await app.db.trip.findUniqueOrThrow({ where: { id: trip.id } });
    const back = await app.db.trip.create({ data: { ...copy, parent_trip_id: trip.id, trip_date: new Date(trip.trip_date.getTime() + 86_400_000) } });
    await expectCurrent(trip.id);
    expect(((await kept(trip.id, admin)) as { return_trip: { id: number } | null }).return_trip?.id).toBe(back.id);
    await app.db.trip.delete({ where: { id: back.id } });
    await expectCurrent(trip.id);

    // Writes that change no trip answer log nothing: the kept answers stay.
    const before = await lastChange();
    await app.db.user.update({ where: { id: trip.user_id }, data: { description: 'Me gusta la música.', mobile_phone: '3415550000' } });
    await app.db.$executeRawUnsafe('UPDATE users SET description = ? WHERE id = ?', 'Otra descripción.', stranger.id);
    // Nor do shown fields written with the values they had (a profile saved unchanged, a recount).
    const same = await app.db.user.findUniqueOrThrow({ where: { id: trip.user_id } });
    await app.db.user.update({ where: { id: same.id }, data: { name: same.name, image: same.image, positive_ratings: same.positive_ratings, last_connection: same.last_connection } });
    await app.db.car.update({ where: { id: trip.car_id! }, data: { patente: 'AB 123 CD' } });
    expect(await changedSince(before)).toEqual(new Set());
    // A write logs the trips whose answers it changed, and only those.
    await app.db.user.update({ where: { id: passengerId }, data: { name: 'Pasajera Renombrada' } });
    const asPassenger = await app.db.passenger.findMany({ where: { user_id: passengerId }, select: { trip_id: true } });
    const owned = await app.db.trip.findMany({ where: { user_id: passengerId }, select: { id: true } });
    expect(await changedSince(before)).toEqual(new Set([...asPassenger.map((p) => p.trip_id), ...owned.map((t) => t.id)]));
    await expectCurrent(trip.id);
    await expectCurrent(other.id);

    // The test controls' reset wipes every table and seeds again: nothing kept survives it.
    const reset = await app.inject({ method: 'POST', url: '/__mock/reset', payload: { users: 40, trips: 200 } });
    expect(reset.statusCode, reset.body).toBe(200);
    const admin2 = await app.db.user.findFirstOrThrow({ where: { is_admin: true } });
    for (const { id } of await app.db.trip.findMany({ where: { deleted_at: null }, take: 30, orderBy: { id: 'asc' } })) await expectCurrent(id, admin2);
  });

  it('are all read again when the log was pruned past where it was last read', async () => {
    const trip = await app.db.trip.findFirstOrThrow({ where: { deleted_at: null } });
    await expectCurrent(trip.id);
    await app.db.$executeRawUnsafe('UPDATE trips SET description = ? WHERE id = ?', 'Cambio que el log ya no tiene.', trip.id);
    // A change far ahead (another trip's): the log keeps its last 100,000 changes, so the one above is pruned.
    const other = await app.db.trip.findFirstOrThrow({ where: { id: { not: trip.id } } });
    const ahead = Math.ceil(((await lastChange()) + 200_000) / 10_000) * 10_000;
    await app.db.$executeRawUnsafe('INSERT INTO trip_answer_changes (seq, trip_id) VALUES (?, ?)', ahead, other.id);
    expect(await app.db.tripAnswerChange.count({ where: { trip_id: trip.id } })).toBe(0);
    await expectCurrent(trip.id);
  });

  it('load the upcoming trips ahead of the searches at start-up, within their memory', async () => {
    // A read model of its own on a reader that counts the trips whose records it loads.
    const reader = createSqlReader(app.db);
    const loadedIds: number[] = [];
    const counting: SqlReader = {
      ...reader,
      rows: async (sql, params) => {
        if (sql.startsWith('SELECT json_group_array(json_array(t.id')) loadedIds.push(...(JSON.parse(String(params?.[0])) as number[]));
        return reader.rows(sql, params);
      },
    };
    const readModel = (keptMb: number) => createTripReadModel({ reader: counting, clock: app.clock, keptMb });
    const viewer = tripViewer(await app.db.user.findFirstOrThrow({ where: { is_admin: true } }));
    const upcoming = await app.db.trip.findMany({ where: { deleted_at: null, trip_date: { gte: app.clock.now() } }, select: { id: true } });
    const past = await app.db.trip.findFirstOrThrow({ where: { deleted_at: null, trip_date: { lt: app.clock.now() } } });
    expect(upcoming.length).toBeGreaterThan(20);

    const warmed = readModel(192);
    expect(await warmed.warm('answers')).toBe(upcoming.length);
    loadedIds.length = 0;
    for (const { id } of upcoming) expect(await warmed.answers([id], viewer)).toHaveLength(1);
    expect(loadedIds).toEqual([]);
    // A past trip was not loaded ahead: asked for, it is loaded then.
    await warmed.answers([past.id], viewer);
    expect(loadedIds).toEqual([past.id]);

    // A budget of 10 KB holds a few trips: the start-up stops before it is full.
    const small = readModel(10 / 1024);
    expect(await small.warm('answers')).toBeLessThan(upcoming.length);
  });

  it('keep a trip whose id is far past the others (a row written with its own id), and follow its writes', async () => {
    const source = await app.db.trip.findFirstOrThrow({ where: { deleted_at: null, trip_date: { gte: app.clock.now() } }, include: { points: true } });
    const { id: _id, ...data } = source;
    const farId = 9_000_000;
    await app.db.trip.create({
      data: { ...data, id: farId, points: { create: source.points.map(({ id: _point, trip_id: _trip, ...point }) => point) } },
    });
    await expectCurrent(farId);
    await expectCurrent(farId);
    await app.db.$executeRawUnsafe('UPDATE trips SET description = ? WHERE id = ?', 'Un viaje con un id lejano.', farId);
    await expectCurrent(farId);
    expect(((await kept(farId, admin)) as { description: string }).description).toBe('Un viaje con un id lejano.');
  });
});
