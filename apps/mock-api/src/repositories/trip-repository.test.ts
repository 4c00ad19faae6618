import type { FastifyInstance } from 'fastify';
import type { Prisma } from '@prisma/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../test/helper';
import { addDays, startOfArDay } from '../lib/dates';
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
  it('seeks the searched places and dates through the grid-cell indexes', async () => {
    const day = startOfArDay('2026-11-25');
    const dated = { from: addDays(day, -3), to: addDays(day, 4), exactDay: { start: day, end: addDays(day, 1) } };
    const both = searchSql({ ...base, ...dated, origin: { ...BUENOS_AIRES, radiusM: 1000 }, destination: { ...ROSARIO, radiusM: 1000 } });
    expect(await plan(both.page, both.pageParams)).toMatch(/USING INDEX trips_route_cells_idx \(<expr>=\? AND <expr>=\? AND trip_date>\? AND trip_date<\?\)/);
    expect(await plan(both.count, both.params)).toMatch(/trips_route_cells_idx/);
    const originOnly = searchSql({ ...base, ...dated, origin: { ...BUENOS_AIRES, radiusM: 1000 } });
    expect(await plan(originOnly.page, originOnly.pageParams)).toMatch(/trips_origin_cells_idx \(<expr>=\? AND trip_date>\? AND trip_date<\?\)/);
    const destinationOnly = searchSql({ ...base, ...dated, destination: { ...ROSARIO, radiusM: 1000 } });
    expect(await plan(destinationOnly.page, destinationOnly.pageParams)).toMatch(/trips_destination_cells_idx/);
    // Without places, the listing index covers the count.
    const listing = searchSql({ ...base, from: new Date('2026-11-22T15:00:00Z') });
    expect(await plan(listing.count, listing.params)).toMatch(/COVERING INDEX trips_listing_idx/);
    const anyKind = searchSql({ ...base, isPassenger: undefined, from: new Date('2026-11-22T15:00:00Z') });
    expect(await plan(anyKind.count, anyKind.params)).toMatch(/COVERING INDEX trips_listing_idx/);
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
