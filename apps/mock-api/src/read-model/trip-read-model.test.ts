import type { FastifyInstance } from 'fastify';
import type { Prisma } from '@prisma/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../test/helper';
import { addDays, startOfArDay } from '../lib/dates';
import { isActiveRequest, isOpenRequest, isWaitingRequest } from '@carpool/contracts';
import { visibleToAnyone, visibleTripSql } from '../lib/trip-visibility';
import { tripInclude } from '../repositories/trip-repository';
import { composeWireTrip, toWireTrip, toWireTripParts } from '../transformers/trip-transformer';
import type { TripSearchFilter } from './search-filter';
import { cellsAround, searchSql } from './search-sql';
import { createSqlReader, type SqlReader } from './sql-reader';
import { createTripReadModel, type TripReadModel } from './trip-read-model';
import { hasOpenRequest, hasPendingRequest, isPartner, pushWireTripBytes, toWireTripBytes } from './wire-trip-bytes';

let app: FastifyInstance;

/** A read model of its own (nothing kept between tests): `options` as createTripReadModel's. */
const readModel = (reader: SqlReader, options: { exactTotal?: number; inMemory?: boolean } = {}) =>
  createTripReadModel({ reader, clock: app.clock, keptMb: 0, ...options });

beforeAll(async () => {
  app = await build();
});

const BUENOS_AIRES = { lat: -34.60757, lng: -58.43709 };
const ROSARIO = { lat: -32.9595, lng: -60.66154 };

async function plan(sql: string, params: unknown[]): Promise<string> {
  const rows = await app.db.$queryRawUnsafe<{ detail: string }[]>(`EXPLAIN QUERY PLAN ${sql}`, ...params);
  return rows.map((row) => row.detail).join(' | ');
}

const base: TripSearchFilter = { viewerId: null, viewerIsAdmin: false, includeHidden: false, isPassenger: false, newestFirst: false, limit: 20, offset: 0 };

describe('trip search SQL', () => {
  it('seeks the searched places and dates through the covering grid-cell indexes, and walks the date index in order', async () => {
    const day = startOfArDay('2026-11-25');
    const dated = { from: addDays(day, -3), to: addDays(day, 4), exactDay: { start: day, end: addDays(day, 1) } };
    const both = searchSql({ ...base, ...dated, origin: { ...BUENOS_AIRES, radiusM: 1000 }, destination: { ...ROSARIO, radiusM: 1000 } });
    expect(await plan(both.candidates, both.candidateParams)).toMatch(/USING COVERING INDEX trips_route_cells_idx \(<expr>=\? AND <expr>=\? AND trip_date>\? AND trip_date<\?\)/);
    // Wide circles at both ends: pairs of 0.5° areas instead of hundreds of pairs of cells.
    const wide = searchSql({ ...base, ...dated, origin: { ...BUENOS_AIRES, radiusM: 25_000 }, destination: { ...ROSARIO, radiusM: 25_000 } });
    expect(await plan(wide.candidates, wide.candidateParams)).toMatch(/USING COVERING INDEX trips_route_areas_idx \(<expr>=\? AND <expr>=\? AND trip_date>\? AND trip_date<\?\)/);
    const originOnly = searchSql({ ...base, ...dated, origin: { ...BUENOS_AIRES, radiusM: 1000 } });
    expect(await plan(originOnly.candidates, originOnly.candidateParams)).toMatch(/USING COVERING INDEX trips_origin_cells_idx \(<expr>=\? AND trip_date>\? AND trip_date<\?\)/);
    const destinationOnly = searchSql({ ...base, ...dated, destination: { ...ROSARIO, radiusM: 25_000 } });
    expect(await plan(destinationOnly.candidates, destinationOnly.candidateParams)).toMatch(/USING COVERING INDEX trips_destination_cells_idx/);
    // The walk reads the date index in the search's order (no sort of the matches, so it stops at its LIMIT).
    for (const sql of [both, wide, originOnly, searchSql({ ...base, from: new Date('2026-11-22T15:00:00Z') }), searchSql({ ...base, newestFirst: true })]) {
      const walk = await plan(sql.walk, sql.walkParams);
      expect(walk).toMatch(/COVERING INDEX trips_search_date_idx/);
      expect(walk).not.toMatch(/USE TEMP B-TREE FOR ORDER BY/);
    }
  });

  it('lists the cells of small circles and gives up on huge ones', () => {
    expect(cellsAround({ ...BUENOS_AIRES, radiusM: 1000 })!.length).toBeLessThanOrEqual(4);
    expect(cellsAround({ ...BUENOS_AIRES, radiusM: 25_000 })!.length).toBeLessThanOrEqual(64);
    expect(cellsAround({ ...BUENOS_AIRES, radiusM: 300_000 })).toBeNull();
  });

  it('finds the same trips through the cells as by distance alone', async () => {
    const reads = readModel(createSqlReader(app.db));
    for (const radiusM of [1000, 30_000, 400_000]) {
      const found = await reads.search({ ...base, isPassenger: undefined, viewerIsAdmin: true, includeHidden: true, origin: { ...BUENOS_AIRES, radiusM }, limit: 1000 });
      const rows = await app.db.trip.findMany({ where: { deleted_at: null }, select: { id: true, origin_lat: true, origin_lng: true } });
      const rad = Math.PI / 180;
      const near = rows.filter((t) => {
        const cos = Math.sin(BUENOS_AIRES.lat * rad) * Math.sin(t.origin_lat * rad) + Math.cos(BUENOS_AIRES.lat * rad) * Math.cos(t.origin_lat * rad) * Math.cos((t.origin_lng - BUENOS_AIRES.lng) * rad);
        return cos >= Math.cos(radiusM / 6_371_000);
      });
      expect(found.total, `${radiusM} m`).toBe(near.length);
    }
  });
});

describe('trip search paths', () => {
  const NOW = new Date('2026-11-22T15:00:00Z');
  const day = startOfArDay('2026-11-26');
  const dated = { from: NOW, to: addDays(day, 4), exactDay: { start: day, end: addDays(day, 1) } };

  /** Every page of a search, as the web's infinite scroll reads them (until current_page >= total_pages). */
  async function scroll(reads: TripReadModel, filter: TripSearchFilter, perPage: number) {
    const ids: number[] = [];
    const totals: number[] = [];
    for (let page = 1; ; page++) {
      const found = await reads.search({ ...filter, limit: perPage, offset: (page - 1) * perPage });
      ids.push(...found.ids);
      totals.push(found.total);
      const totalPages = Math.ceil(found.total / perPage);
      if (page >= totalPages) return { ids, totals, pages: page };
      // A page that is not the last one is full, and the total promises at least one more trip.
      expect(found.ids).toHaveLength(perPage);
      expect(found.total).toBeGreaterThan(page * perPage);
      if (page > 1_000) throw new Error('endless paging');
    }
  }

  it('walks the date index to the same trips, in the same order, page after page, as the sorted candidates', async () => {
    // exactTotal 0: every search with more matches than its page walks the date index.
    const walking = readModel(createSqlReader(app.db), { exactTotal: 0 });
    const sorting = readModel(createSqlReader(app.db), { exactTotal: 1_000_000 });
    const friendly = await app.db.friend.findFirst({ where: { state: 1 }, select: { uid1: true } });
    const viewers = [null, friendly!.uid1];
    const filters: TripSearchFilter[] = [
      { ...base, isPassenger: undefined, from: NOW },
      { ...base, from: NOW, origin: { ...BUENOS_AIRES, radiusM: 30_000 } },
      { ...base, isPassenger: undefined, ...dated, origin: { ...BUENOS_AIRES, radiusM: 400_000 } },
      { ...base, isPassenger: undefined, ...dated, destination: { ...ROSARIO, radiusM: 400_000 } },
      { ...base, isPassenger: undefined, ...dated, origin: { ...BUENOS_AIRES, radiusM: 25_000 }, destination: { ...ROSARIO, radiusM: 400_000 } },
      { ...base, isPassenger: undefined, newestFirst: true },
      { ...base, isPassenger: undefined, viewerIsAdmin: true, includeHidden: true, from: NOW },
    ];
    let walked = 0;
    for (const filter of filters) {
      for (const viewerId of viewers) {
        const search = { ...filter, viewerId };
        const label = JSON.stringify({ ...search, origin: undefined, destination: undefined });
        const all = await sorting.search({ ...search, limit: 100_000, offset: 0 });
        for (const perPage of [3, 20]) {
          const exact = await scroll(sorting, search, perPage);
          expect(exact.ids, label).toEqual(all.ids);
          expect(new Set(exact.totals), label).toEqual(new Set([all.total]));
          const bounded = await scroll(walking, search, perPage);
          expect(bounded.ids, label).toEqual(all.ids);
          expect(bounded.pages, label).toBe(Math.max(1, Math.ceil(all.total / perPage)));
          // The last page's total is exact; the earlier ones are lower bounds.
          expect(bounded.totals.at(-1), label).toBe(all.total);
          for (const total of bounded.totals) expect(total).toBeLessThanOrEqual(all.total);
          if (all.total > perPage + 1) walked++;
        }
        // A page past the end is empty, and says the search ends before it.
        const past = await walking.search({ ...search, limit: 20, offset: all.total + 40 });
        expect(past.ids).toEqual([]);
        expect(Math.ceil(past.total / 20)).toBeLessThan(Math.floor((all.total + 40) / 20) + 1);
      }
    }
    expect(walked).toBeGreaterThan(10);
  });

  it('orders a dated search: the exact day first, then the other days of the window by date and id', async () => {
    const reads = readModel(createSqlReader(app.db), { exactTotal: 0 });
    const filter = { ...base, isPassenger: undefined, viewerIsAdmin: true, includeHidden: true, ...dated };
    const found = await scroll(reads, filter, 5);
    const rows = await app.db.trip.findMany({
      where: { deleted_at: null, trip_date: { gte: dated.from, lt: dated.to } },
      select: { id: true, trip_date: true },
    });
    const onDay = (t: { trip_date: Date }) => t.trip_date >= dated.exactDay.start && t.trip_date < dated.exactDay.end;
    rows.sort((a, b) => Number(onDay(b)) - Number(onDay(a)) || a.trip_date.getTime() - b.trip_date.getTime() || a.id - b.id);
    expect(rows.length).toBeGreaterThan(10);
    expect(found.ids).toEqual(rows.map((t) => t.id));
  });

  it('counts a search exactly up to SEARCH_EXACT_TOTAL matches, and as a lower bound that keeps the next page beyond', async () => {
    const reads = readModel(createSqlReader(app.db), { exactTotal: 30 });
    const filter = { ...base, isPassenger: undefined, viewerIsAdmin: true, includeHidden: true, from: NOW };
    const all = await readModel(createSqlReader(app.db)).search({ ...filter, limit: 100_000, offset: 0 });
    expect(all.total).toBeGreaterThan(60);
    const first = await reads.search({ ...filter, limit: 20, offset: 0 });
    // Counted up to 30, and one more.
    expect(first.total).toBe(31);
    expect(first.ids).toEqual(all.ids.slice(0, 20));
    const third = await reads.search({ ...filter, limit: 20, offset: 40 });
    // Counted up to the end of the page plus one (61), and one more.
    expect(third.total).toBe(62);
    expect(third.ids).toEqual(all.ids.slice(40, 60));
    // The last page is exact.
    const last = await reads.search({ ...filter, limit: 20, offset: Math.floor((all.total - 1) / 20) * 20 });
    expect(last.total).toBe(all.total);
  });
});

describe('visibility in memory', () => {
  it('visibleToAnyone says what the visibility SQL says of a trip for a guest', async () => {
    const params: unknown[] = [];
    const visible = new Set(
      (await app.db.$queryRawUnsafe<{ id: number }[]>(`SELECT t.id FROM trips t WHERE ${visibleTripSql(null, params)}`, ...params)).map((row) => Number(row.id)),
    );
    const trips = await app.db.trip.findMany({ select: { id: true, friendship_type_id: true, state: true } });
    expect(trips.some((t) => !visible.has(t.id))).toBe(true);
    for (const trip of trips) expect(visibleToAnyone(trip), String(trip.id)).toBe(visible.has(trip.id));
  });
});

describe('trip records through the SQL reader', () => {
  it('answer every seeded trip exactly as Prisma-loaded trips do, for any viewer', async () => {
    const reads = readModel(createSqlReader(app.db));
    const ids = (await app.db.trip.findMany({ select: { id: true }, orderBy: { id: 'asc' } })).map((t) => t.id);
    const asViewer = (user: { id: number; is_admin: boolean }) => ({ id: user.id, isAdmin: user.is_admin });
    const someone = async (where: Prisma.UserWhereInput) => (await app.db.user.findMany({ where, select: { id: true, is_admin: true }, take: 3 })).map(asViewer);
    const viewers = [null, ...(await someone({ is_admin: false })), ...(await someone({ is_admin: true }))];
    for (let start = 0; start < ids.length; start += 100) {
      const chunk = ids.slice(start, start + 100);
      const viaReader = await reads.records(chunk);
      const viaPrisma = await app.db.trip.findMany({ where: { id: { in: chunk } }, include: tripInclude, orderBy: { id: 'asc' } });
      expect(viaReader.map((t) => t.id)).toEqual(chunk);
      for (const [i, trip] of viaPrisma.entries()) {
        const fast = viaReader[i]!;
        const owner = { id: trip.user_id, isAdmin: false };
        const partner = trip.passengers.find((p) => isActiveRequest(p.request_state));
        const pending = trip.passengers.find((p) => p.request_state === 0);
        const kept = toWireTripBytes(toWireTripParts(fast));
        // The user lists written after the JSON read back as the requests say, for every passenger and the owner.
        for (const userId of [trip.user_id, ...trip.passengers.map((p) => p.user_id)]) {
          const states = trip.passengers.filter((p) => p.user_id === userId).map((p) => p.request_state);
          expect(isPartner(kept, userId)).toBe(states.some(isActiveRequest));
          expect(hasPendingRequest(kept, userId)).toBe(states.some(isWaitingRequest));
          expect(hasOpenRequest(kept, userId)).toBe(states.some(isOpenRequest));
        }
        const extra = [partner, pending].flatMap((p) => (p ? [{ id: p.user_id, isAdmin: false }] : []));
        for (const viewer of [...viewers, owner, ...extra]) {
          const expected = toWireTrip(trip, viewer);
          expect(toWireTrip(fast, viewer)).toEqual(expected);
          const chunks: Buffer[] = [];
          pushWireTripBytes(chunks, kept, viewer);
          expect(JSON.parse(Buffer.concat(chunks).toString())).toEqual(JSON.parse(JSON.stringify(expected)));
          expect(composeWireTrip(toWireTripParts(fast), viewer)).toEqual(expected);
        }
      }
    }
  });
});

describe('trip search by place in memory', () => {
  const NOW = new Date('2026-11-22T15:00:00Z');
  const PLACES = [BUENOS_AIRES, ROSARIO, { lat: -31.4135, lng: -64.18105 }, { lat: -34.92145, lng: -57.95453 }];
  /** The place node ids of Buenos Aires, Rosario, Córdoba, La Plata and Mar del Plata (prisma/data). */
  const NODES = ['81590481', '198417773', '2466067279', '247782633', '198402188'];

  /** A reader that records the SQL it runs (the SQL search's statements start with "WITH m" or walk the date index). */
  function recording() {
    const reader = createSqlReader(app.db);
    const statements: string[] = [];
    return { statements, reader: { ...reader, rows: (sql: string, params?: readonly unknown[]) => (statements.push(sql), reader.rows(sql, params)) } };
  }
  const usedSql = (statements: string[]) => statements.some((sql) => sql.startsWith('WITH m') || sql.includes('trips_search_date_idx'));

  async function filtersAndViewers() {
    const friendly = await app.db.friend.findFirst({ where: { state: 1 }, select: { uid1: true } });
    const owner = await app.db.trip.findFirst({ where: { deleted_at: null, friendship_type_id: { not: 2 } }, select: { user_id: true } });
    const filters: TripSearchFilter[] = [];
    for (const [i, origin] of PLACES.entries()) {
      for (const radiusM of [1000, 25_000, 120_000]) {
        const destination = PLACES[(i + 1) % PLACES.length]!;
        for (const day of ['2026-11-23', '2026-11-26', '2026-12-02']) {
          const start = startOfArDay(day);
          const dated = { from: NOW, to: addDays(start, 4), exactDay: { start, end: addDays(start, 1) } };
          filters.push({ ...base, isPassenger: undefined, ...dated, origin: { ...origin, radiusM }, destination: { ...destination, radiusM } });
          filters.push({ ...base, ...dated, origin: { ...origin, radiusM } });
          filters.push({ ...base, isPassenger: true, ...dated, destination: { ...origin, radiusM } });
        }
        filters.push({ ...base, isPassenger: undefined, from: NOW, origin: { ...origin, radiusM } });
        filters.push({ ...base, isPassenger: undefined, from: NOW, destination: { ...origin, radiusM }, excludeUserId: owner!.user_id });
        filters.push({ ...base, isPassenger: undefined, includeHidden: true, from: addDays(NOW, -30), to: addDays(NOW, 30), origin: { ...origin, radiusM } });
      }
    }
    // By place ids, as the provider's clients search: both, one, or one beside the other end's circle.
    for (const [i, originNode] of NODES.entries()) {
      for (const destinationNode of NODES.filter((node) => node !== originNode)) {
        for (const day of ['2026-11-24', '2026-11-27']) {
          const start = startOfArDay(day);
          const dated = { from: NOW, to: addDays(start, 4), exactDay: { start, end: addDays(start, 1) } };
          filters.push({ ...base, isPassenger: undefined, ...dated, originNode, destinationNode });
        }
        filters.push({ ...base, from: NOW, originNode, destinationNode });
      }
      filters.push({ ...base, isPassenger: undefined, from: NOW, originNode });
      filters.push({ ...base, isPassenger: undefined, from: NOW, destinationNode: originNode });
      filters.push({ ...base, from: NOW, originNode, destination: { ...PLACES[(i + 1) % PLACES.length]!, radiusM: 120_000 } });
      filters.push({ ...base, from: NOW, origin: { ...PLACES[(i + 1) % PLACES.length]!, radiusM: 25_000 }, destinationNode: originNode });
    }
    return { filters, viewers: [null, friendly!.uid1, owner!.user_id] };
  }

  async function expectSameAsSql(memory: TripReadModel, sql: TripReadModel, statements: string[]) {
    const { filters, viewers } = await filtersAndViewers();
    let nonEmpty = 0;
    let byNode = 0;
    for (const filter of filters) {
      for (const viewerId of viewers) {
        for (const [limit, offset] of [[20, 0], [3, 3], [20, 20]] as const) {
          const search = { ...filter, viewerId, limit, offset };
          const label = JSON.stringify(search);
          statements.length = 0;
          const fromMemory = await memory.search(search);
          expect(usedSql(statements), label).toBe(false);
          expect(fromMemory, label).toEqual({ ...(await sql.search(search)), version: fromMemory.version });
          if (fromMemory.ids.length > 0) nonEmpty++;
          if (fromMemory.ids.length > 0 && (filter.originNode || filter.destinationNode)) byNode++;
        }
      }
    }
    return { nonEmpty, byNode };
  }

  it('answers the same pages and totals as the SQL search, for guests, friends and owners, without running it', async () => {
    const { reader, statements } = recording();
    // A small cap so that totals beyond it (cap + 1) are compared too.
    const memory = readModel(reader, { exactTotal: 30 });
    const sql = readModel(createSqlReader(app.db), { exactTotal: 30, inMemory: false });
    const found = await expectSameAsSql(memory, sql, statements);
    expect(found.nonEmpty).toBeGreaterThan(100);
    expect(found.byNode).toBeGreaterThan(50);
  });

  it('leaves listings without places, a user\'s own trips and the admins\' listings to SQL', async () => {
    const { reader, statements } = recording();
    const memory = readModel(reader);
    const owner = await app.db.trip.findFirst({ where: { deleted_at: null }, select: { user_id: true } });
    for (const filter of [
      { ...base, from: NOW },
      { ...base, from: NOW, ownerId: owner!.user_id, origin: { ...BUENOS_AIRES, radiusM: 400_000 } },
      { ...base, viewerIsAdmin: true, includeHidden: true, from: NOW, origin: { ...BUENOS_AIRES, radiusM: 25_000 } },
      { ...base, newestFirst: true, origin: { ...BUENOS_AIRES, radiusM: 25_000 } },
      // Wider than the cells the index seeks.
      { ...base, from: NOW, origin: { ...BUENOS_AIRES, radiusM: 400_000 } },
    ]) {
      statements.length = 0;
      await memory.search(filter);
      expect(usedSql(statements), JSON.stringify(filter)).toBe(true);
    }
  });

  it('catches up with every kind of write, by any connection, before answering', async () => {
    const { reader, statements } = recording();
    const memory = readModel(reader, { exactTotal: 30 });
    const sql = readModel(createSqlReader(app.db), { exactTotal: 30, inMemory: false });
    const search = { ...base, isPassenger: undefined, from: NOW, origin: { ...BUENOS_AIRES, radiusM: 120_000 } };
    const same = async () => {
      const fromMemory = await memory.search(search);
      expect(fromMemory).toEqual({ ...(await sql.search(search)), version: fromMemory.version });
      return fromMemory;
    };
    const before = await same();
    expect(before.ids.length).toBeGreaterThan(0);
    const [first, second] = before.ids as [number, number];

    // A new trip (raw SQL, as another process would write it) on the route, first in date order.
    const template = await app.db.trip.findUniqueOrThrow({ where: { id: first } });
    const { id: _id, ...copy } = template;
    const created = await app.db.trip.create({ data: { ...copy, trip_date: new Date(NOW.getTime() + 60_000), description: 'nuevo' } });
    expect((await same()).ids[0]).toBe(created.id);
    // Hidden, moved away, deleted (soft), deleted from the table, its owner banned.
    await app.db.trip.update({ where: { id: created.id }, data: { hidden: true } });
    expect((await same()).ids).not.toContain(created.id);
    await app.db.$executeRawUnsafe('UPDATE trips SET origin_lat = origin_lat + 5 WHERE id = ?', first);
    expect((await same()).ids).not.toContain(first);
    await app.db.trip.update({ where: { id: second }, data: { deleted_at: NOW } });
    expect((await same()).ids).not.toContain(second);
    await app.db.$executeRawUnsafe('DELETE FROM trip_passengers WHERE trip_id = ?', created.id);
    await app.db.$executeRawUnsafe('DELETE FROM trips_points WHERE trip_id = ?', created.id);
    await app.db.trip.delete({ where: { id: created.id } });
    const remaining = await same();
    const owner = (await app.db.trip.findUniqueOrThrow({ where: { id: remaining.ids[0]! } })).user_id;
    await app.db.user.update({ where: { id: owner }, data: { banned: true } });
    const afterBan = await same();
    const owners = await app.db.trip.findMany({ where: { id: { in: afterBan.ids } }, select: { user_id: true } });
    expect(owners.map((t) => t.user_id)).not.toContain(owner);
    // Seat counts do not touch the search: no change is logged for them.
    const logged = await app.db.tripSearchChange.count();
    await app.db.trip.update({ where: { id: afterBan.ids[0]! }, data: { seats_available: 1 } });
    expect(await app.db.tripSearchChange.count()).toBe(logged);
    // Its log keeps its last 100,000 changes: a move the log no longer has is found all the same.
    const moved = afterBan.ids[0]!;
    await app.db.$executeRawUnsafe('UPDATE trips SET origin_lat = origin_lat + 5 WHERE id = ?', moved);
    const last = (await app.db.tripSearchChange.aggregate({ _max: { seq: true } }))._max.seq ?? 0;
    await app.db.$executeRawUnsafe('INSERT INTO trip_search_changes (seq, trip_id) VALUES (?, ?)', Math.ceil((last + 200_000) / 10_000) * 10_000, first);
    expect(await app.db.tripSearchChange.count({ where: { trip_id: moved } })).toBe(0);
    expect((await same()).ids).not.toContain(moved);
    // The test controls' reset wipes every table and seeds again: the index follows.
    const reset = await app.inject({ method: 'POST', url: '/__mock/reset', payload: { users: 40, trips: 200 } });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await same()).ids.length).toBeGreaterThan(0);
    expect(usedSql(statements)).toBe(false);
  });

  it('follows a trip whose path another connection rewrites, by the ids it searches', async () => {
    const memory = readModel(createSqlReader(app.db));
    const sql = readModel(createSqlReader(app.db), { inMemory: false });
    // Made-up node ids: only the trip written here holds them.
    const [from, via, to] = ['900000001', '900000002', '900000003'];
    const search = (originNode: string, destinationNode?: string) => ({ ...base, isPassenger: undefined, from: NOW, originNode, destinationNode });
    const same = async (filter: TripSearchFilter) => {
      const fromMemory = await memory.search(filter);
      expect(fromMemory, JSON.stringify(filter)).toEqual({ ...(await sql.search(filter)), version: fromMemory.version });
      return fromMemory.ids;
    };
    expect(await same(search(from, to))).toEqual([]);
    const trip = await app.db.trip.findFirstOrThrow({ where: { deleted_at: null, hidden: false, friendship_type_id: 2, state: 'ready', trip_date: { gt: NOW } } });
    await app.db.$executeRawUnsafe('UPDATE trips SET path = ? WHERE id = ?', `.${from}.${via}.${to}.`, trip.id);
    expect(await same(search(from, to))).toEqual([trip.id]);
    expect(await same(search(via, to))).toEqual([trip.id]);
    expect(await same(search(to, from))).toEqual([]);
    expect(await same(search(via))).toEqual([trip.id]);
    expect(await same(search(to))).toEqual([]);
    await app.db.$executeRawUnsafe('UPDATE trips SET path = ? WHERE id = ?', `.${to}.${from}.`, trip.id);
    expect(await same(search(from, to))).toEqual([]);
    expect(await same(search(to, from))).toEqual([trip.id]);
    expect(await same(search(via))).toEqual([]);
  });

  it('finds a trip written where none was before, in places it had already searched', async () => {
    // The index keeps the buckets of the boxes it searched: a cell (or pair of cells) that gets its
    // first trip must be found in the next search of the same places.
    const memory = readModel(createSqlReader(app.db));
    // Two points off the Patagonian coast, where the seed puts no trip.
    const [start, end] = [{ lat: -49.3, lng: -64.7 }, { lat: -45.86, lng: -64.48 }];
    const oneEnd = { ...base, isPassenger: undefined, from: NOW, origin: { ...start, radiusM: 25_000 } };
    const bothEnds = { ...oneEnd, destination: { ...end, radiusM: 25_000 } };
    const towards = { ...base, isPassenger: undefined, from: NOW, destination: { ...end, radiusM: 25_000 } };
    for (const search of [oneEnd, bothEnds, towards]) expect((await memory.search(search)).ids).toEqual([]);
    const trip = await app.db.trip.findFirstOrThrow({ where: { deleted_at: null, hidden: false, friendship_type_id: 2, is_passenger: false, trip_date: { gt: NOW } } });
    expect((await memory.search({ ...oneEnd, origin: { lat: trip.origin_lat!, lng: trip.origin_lng!, radiusM: 1_000 } })).ids).toContain(trip.id);
    await app.db.$executeRawUnsafe(
      'UPDATE trips SET origin_lat = ?, origin_lng = ?, destination_lat = ?, destination_lng = ? WHERE id = ?',
      start.lat + 0.01, start.lng, end.lat, end.lng + 0.01, trip.id,
    );
    for (const search of [oneEnd, bothEnds, towards]) expect((await memory.search(search)).ids, JSON.stringify(search)).toEqual([trip.id]);
  });
});
