import { Prisma } from '@prisma/client';
import type { Db } from '../db/client';
import { toDbDateTime } from '../lib/dates';
import { boundingBox } from '../lib/geo';

/** The relations every trip answer needs. */
export const tripInclude = {
  user: true,
  car: true,
  points: { orderBy: { position: 'asc' } },
  returnTrip: { select: { id: true, from_town: true, to_town: true, trip_date: true, deleted_at: true } },
  passengers: { include: { user: true }, orderBy: { id: 'asc' } },
} satisfies Prisma.TripInclude;

export type TripWithRelations = Prisma.TripGetPayload<{ include: typeof tripInclude }>;

export type GeoFilter = { lat: number; lng: number; radiusM: number };

export type TripSearchFilter = {
  viewerId: number | null;
  viewerIsAdmin: boolean;
  /** Admin listings may show hidden trips. */
  includeHidden: boolean;
  isPassenger?: boolean;
  ownerId?: number;
  passengerId?: number;
  from?: Date;
  to?: Date;
  /** Trips on this [start, end) come first. */
  exactDay?: { start: Date; end: Date };
  newestFirst: boolean;
  origin?: GeoFilter;
  destination?: GeoFilter;
  limit: number;
  offset: number;
};

/** Trips waiting for the creation fee are visible only to their owner. */
const UNPAID_STATES = `('awaiting_payment','pending_payment','payment_failed')`;

function geoClause(prefix: 'origin' | 'destination', geo: GeoFilter, params: unknown[]): string {
  const box = boundingBox(geo, geo.radiusM);
  params.push(box.minLat, box.maxLat, box.minLng, box.maxLng, geo.lat, geo.lat, geo.lng, geo.radiusM);
  // The box uses the (lat, lng) index; the spherical law of cosines then keeps the exact circle.
  return (
    `t.${prefix}_lat BETWEEN ? AND ? AND t.${prefix}_lng BETWEEN ? AND ? AND ` +
    `6371000 * acos(min(1, max(-1, sin(radians(?)) * sin(radians(t.${prefix}_lat)) + ` +
    `cos(radians(?)) * cos(radians(t.${prefix}_lat)) * cos(radians(t.${prefix}_lng) - radians(?))))) <= ?`
  );
}

function whereClause(filter: TripSearchFilter, params: unknown[]): string {
  const clauses = ['t.deleted_at IS NULL'];
  if (!filter.includeHidden) clauses.push('t.hidden = 0');
  if (filter.isPassenger !== undefined) {
    clauses.push('t.is_passenger = ?');
    params.push(filter.isPassenger ? 1 : 0);
  }
  if (filter.ownerId !== undefined) {
    clauses.push('t.user_id = ?');
    params.push(filter.ownerId);
  }
  if (filter.passengerId !== undefined) {
    clauses.push('t.id IN (SELECT trip_id FROM trip_passengers WHERE user_id = ? AND request_state IN (1, 4))');
    params.push(filter.passengerId);
  }
  if (filter.from) {
    clauses.push('t.trip_date >= ?');
    params.push(toDbDateTime(filter.from));
  }
  if (filter.to) {
    clauses.push('t.trip_date < ?');
    params.push(toDbDateTime(filter.to));
  }
  if (filter.origin) clauses.push(geoClause('origin', filter.origin, params));
  if (filter.destination) clauses.push(geoClause('destination', filter.destination, params));

  if (!filter.viewerIsAdmin) {
    if (filter.viewerId === null) {
      clauses.push(`t.friendship_type_id = 2 AND t.state NOT IN ${UNPAID_STATES}`);
    } else {
      const v = filter.viewerId;
      clauses.push(
        `(t.user_id = ? OR (t.state NOT IN ${UNPAID_STATES} AND (` +
          `t.friendship_type_id = 2 ` +
          `OR t.user_id IN (SELECT uid2 FROM friends WHERE uid1 = ? AND state = 1) ` +
          `OR (t.friendship_type_id = 1 AND t.user_id IN (` +
          `SELECT f2.uid2 FROM friends f1 JOIN friends f2 ON f2.uid1 = f1.uid2 ` +
          `WHERE f1.uid1 = ? AND f1.state = 1 AND f2.state = 1)))))`,
      );
      params.push(v, v, v);
    }
  }
  return clauses.join(' AND ');
}

export function createTripRepository(db: Db) {
  return {
    /** Ids of one page of matching trips plus the total, in the order the search defines. */
    async search(filter: TripSearchFilter): Promise<{ ids: number[]; total: number }> {
      const params: unknown[] = [];
      const where = whereClause(filter, params);
      const [countRow] = await db.$queryRawUnsafe<{ total: number | bigint }[]>(
        `SELECT count(*) AS total FROM trips t WHERE ${where}`,
        ...params,
      );
      const total = Number(countRow?.total ?? 0);
      if (total === 0 || filter.offset >= total) return { ids: [], total };

      const orderParams: unknown[] = [];
      let order = filter.newestFirst ? 't.trip_date DESC, t.id DESC' : 't.trip_date ASC, t.id ASC';
      if (filter.exactDay) {
        order = `(t.trip_date >= ? AND t.trip_date < ?) DESC, ${order}`;
        orderParams.push(toDbDateTime(filter.exactDay.start), toDbDateTime(filter.exactDay.end));
      }
      const rows = await db.$queryRawUnsafe<{ id: number | bigint }[]>(
        `SELECT t.id FROM trips t WHERE ${where} ORDER BY ${order} LIMIT ? OFFSET ?`,
        ...params,
        ...orderParams,
        filter.limit,
        filter.offset,
      );
      return { ids: rows.map((row) => Number(row.id)), total };
    },

    /** Full trips for ids, in the given order. */
    async findManyOrdered(ids: number[]): Promise<TripWithRelations[]> {
      if (ids.length === 0) return [];
      const trips = await db.trip.findMany({ where: { id: { in: ids } }, include: tripInclude });
      const byId = new Map(trips.map((trip) => [trip.id, trip]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    findById: (id: number) => db.trip.findFirst({ where: { id, deleted_at: null }, include: tripInclude }),
  };
}

export type TripRepository = ReturnType<typeof createTripRepository>;
