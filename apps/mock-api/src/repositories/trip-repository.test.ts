import type { FastifyInstance } from 'fastify';
import type { Prisma } from '@prisma/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../test/helper';
import { addDays, startOfArDay } from '../lib/dates';
import { visibleToAnyone, visibleTripSql } from '../lib/trip-visibility';
import { composeWireTrip, pushWireTripBytes, toWireTrip, toWireTripBytes, toWireTripParts } from '../transformers/trip-transformer';
import { createSqlReader } from './sql-reader';
import { cellsAround, createTripRepository, searchSql, tripInclude, type TripSearchFilter } from './trip-repository';

let app: FastifyInstance;

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
    const repository = createTripRepository(app.db, createSqlReader(app.db));
    for (const radiusM of [1000, 30_000, 400_000]) {
      const found = await repository.search({ ...base, isPassenger: undefined, viewerIsAdmin: true, includeHidden: true, origin: { ...BUENOS_AIRES, radiusM }, limit: 1000 });
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
  async function scroll(repository: ReturnType<typeof createTripRepository>, filter: TripSearchFilter, perPage: number) {
    const ids: number[] = [];
    const totals: number[] = [];
    for (let page = 1; ; page++) {
      const found = await repository.search({ ...filter, limit: perPage, offset: (page - 1) * perPage });
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
    const walking = createTripRepository(app.db, createSqlReader(app.db), { exactTotal: 0 });
    const sorting = createTripRepository(app.db, createSqlReader(app.db), { exactTotal: 1_000_000 });
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
    const repository = createTripRepository(app.db, createSqlReader(app.db), { exactTotal: 0 });
    const filter = { ...base, isPassenger: undefined, viewerIsAdmin: true, includeHidden: true, ...dated };
    const found = await scroll(repository, filter, 5);
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
    const repository = createTripRepository(app.db, createSqlReader(app.db), { exactTotal: 30 });
    const filter = { ...base, isPassenger: undefined, viewerIsAdmin: true, includeHidden: true, from: NOW };
    const all = await createTripRepository(app.db, createSqlReader(app.db)).search({ ...filter, limit: 100_000, offset: 0 });
    expect(all.total).toBeGreaterThan(60);
    const first = await repository.search({ ...filter, limit: 20, offset: 0 });
    // Counted up to 30, and one more.
    expect(first.total).toBe(31);
    expect(first.ids).toEqual(all.ids.slice(0, 20));
    const third = await repository.search({ ...filter, limit: 20, offset: 40 });
    // Counted up to the end of the page plus one (61), and one more.
    expect(third.total).toBe(62);
    expect(third.ids).toEqual(all.ids.slice(40, 60));
    // The last page is exact.
    const last = await repository.search({ ...filter, limit: 20, offset: Math.floor((all.total - 1) / 20) * 20 });
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
    const repository = createTripRepository(app.db, createSqlReader(app.db));
    const ids = (await app.db.trip.findMany({ select: { id: true }, orderBy: { id: 'asc' } })).map((t) => t.id);
    const asViewer = (user: { id: number; is_admin: boolean }) => ({ id: user.id, isAdmin: user.is_admin });
    const someone = async (where: Prisma.UserWhereInput) => (await app.db.user.findMany({ where, select: { id: true, is_admin: true }, take: 3 })).map(asViewer);
    const viewers = [null, ...(await someone({ is_admin: false })), ...(await someone({ is_admin: true }))];
    for (let start = 0; start < ids.length; start += 100) {
      const chunk = ids.slice(start, start + 100);
      const viaReader = await repository.records(chunk);
      const viaPrisma = await app.db.trip.findMany({ where: { id: { in: chunk } }, include: tripInclude, orderBy: { id: 'asc' } });
      expect(viaReader.map((t) => t.id)).toEqual(chunk);
      for (const [i, trip] of viaPrisma.entries()) {
        const fast = viaReader[i]!;
        const owner = { id: trip.user_id, isAdmin: false };
        const partner = trip.passengers.find((p) => p.request_state === 1 || p.request_state === 4);
        for (const viewer of [...viewers, owner, partner ? { id: partner.user_id, isAdmin: false } : null]) {
          const expected = toWireTrip(trip, viewer);
          expect(toWireTrip(fast, viewer)).toEqual(expected);
          const chunks: Buffer[] = [];
          pushWireTripBytes(chunks, toWireTripBytes(toWireTripParts(fast)), viewer);
          expect(JSON.parse(Buffer.concat(chunks).toString())).toEqual(JSON.parse(JSON.stringify(expected)));
          expect(composeWireTrip(toWireTripParts(fast), viewer)).toEqual(expected);
        }
      }
    }
  });
});
