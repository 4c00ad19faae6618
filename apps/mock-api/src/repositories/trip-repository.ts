import type { Prisma } from '@prisma/client';
import type { Db } from '../db/client';
import { toDbDateTime } from '../lib/dates';
import { boundingBox } from '../lib/geo';
import { ACTIVE_REQUEST_STATES_SQL, OPEN_REQUEST_STATES, OPEN_REQUEST_STATES_SQL, visibleTripSql } from '../lib/trip-visibility';
import type { TripRecord, TripUserRecord } from '../transformers/trip-transformer';
import type { SqlReader, SqlRow } from './sql-reader';

/** The relations every trip answer needs (Prisma's way; the search reads the same through SQL). */
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
  /** Admin listings: every trip, whatever its privacy and payment state. */
  viewerIsAdmin: boolean;
  /** Admin listings may show hidden trips. */
  includeHidden: boolean;
  isPassenger?: boolean;
  ownerId?: number;
  /** Trips on which this user is an active passenger (states 1 and 4). */
  passengerId?: number;
  excludeUserId?: number;
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

export { UNPAID_STATES } from '../lib/trip-visibility';

// --- Grid cells (see prisma/migrations/20261122170000_trip_search_indexes) ------------------------

const CELLS_PER_DEGREE = 10;
const CELL_ROW = 360 * CELLS_PER_DEGREE;
/** More cells than this for one end and the search falls back to the latitude/longitude box. */
const MAX_CELLS_PER_END = 64;
const EARTH_RADIUS_M = 6_371_000;
const toRad = (deg: number) => (deg * Math.PI) / 180;

/** Must stay identical to the indexed expressions of the migration. */
const cellSql = (end: 'origin' | 'destination') =>
  `(CAST((t.${end}_lat + 90) * ${CELLS_PER_DEGREE} AS INTEGER) * ${CELL_ROW} + CAST((t.${end}_lng + 180) * ${CELLS_PER_DEGREE} AS INTEGER))`;

/** The cells a circle's bounding box touches, or null when there are too many to list. */
export function cellsAround(geo: GeoFilter): number[] | null {
  const box = boundingBox(geo, geo.radiusM);
  const row = (lat: number) => Math.trunc((Math.max(-90, Math.min(90, lat)) + 90) * CELLS_PER_DEGREE);
  const column = (lng: number) => Math.trunc((Math.max(-180, Math.min(180, lng)) + 180) * CELLS_PER_DEGREE);
  const [r0, r1, c0, c1] = [row(box.minLat), row(box.maxLat), column(box.minLng), column(box.maxLng)];
  if ((r1 - r0 + 1) * (c1 - c0 + 1) > MAX_CELLS_PER_END) return null;
  const cells: number[] = [];
  for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) cells.push(r * CELL_ROW + c);
  return cells;
}

function geoClause(end: 'origin' | 'destination', geo: GeoFilter, params: unknown[]): string {
  const clauses: string[] = [];
  const cells = cellsAround(geo);
  if (cells) {
    clauses.push(`${cellSql(end)} IN (${cells.map(() => '?').join(', ')})`);
    params.push(...cells);
  }
  const box = boundingBox(geo, geo.radiusM);
  clauses.push(`t.${end}_lat BETWEEN ? AND ? AND t.${end}_lng BETWEEN ? AND ?`);
  params.push(box.minLat, box.maxLat, box.minLng, box.maxLng);
  // Within the circle: the cosine of the central angle (spherical law of cosines) is at least cos(r / R).
  clauses.push(
    `sin(radians(t.${end}_lat)) * ? + cos(radians(t.${end}_lat)) * ? * cos(radians(t.${end}_lng) - ?) >= ?`,
  );
  params.push(Math.sin(toRad(geo.lat)), Math.cos(toRad(geo.lat)), toRad(geo.lng), Math.cos(Math.min(Math.PI, geo.radiusM / EARTH_RADIUS_M)));
  return clauses.join(' AND ');
}

function whereClause(filter: TripSearchFilter, params: unknown[]): string {
  const clauses = ['t.deleted_at IS NULL'];
  // The geographic part first: its cell lists are what the indexes are searched by.
  if (filter.origin) clauses.push(geoClause('origin', filter.origin, params));
  if (filter.destination) clauses.push(geoClause('destination', filter.destination, params));
  if (filter.from) {
    clauses.push('t.trip_date >= ?');
    params.push(toDbDateTime(filter.from));
  }
  if (filter.to) {
    clauses.push('t.trip_date < ?');
    params.push(toDbDateTime(filter.to));
  }
  if (!filter.includeHidden) clauses.push('t.hidden = 0');
  if (filter.isPassenger !== undefined) {
    clauses.push('t.is_passenger = ?');
    params.push(filter.isPassenger ? 1 : 0);
  } else {
    // Spelled out so that the listing index (is_passenger, trip_date, ...) still applies.
    clauses.push('t.is_passenger IN (0, 1)');
  }
  if (filter.ownerId !== undefined) {
    clauses.push('t.user_id = ?');
    params.push(filter.ownerId);
  }
  if (filter.excludeUserId !== undefined) {
    clauses.push('t.user_id <> ?');
    params.push(filter.excludeUserId);
  }
  if (filter.passengerId !== undefined) {
    clauses.push(`t.id IN (SELECT trip_id FROM trip_passengers WHERE user_id = ? AND request_state IN ${ACTIVE_REQUEST_STATES_SQL})`);
    params.push(filter.passengerId);
  }
  if (!filter.viewerIsAdmin) {
    clauses.push(visibleTripSql(filter.viewerId, params));
    // A banned user's trips leave the listings (admins still see them). The partial index
    // users_banned_idx keeps the list of banned users a short index read.
    clauses.push('t.user_id NOT IN (SELECT id FROM users WHERE banned = 1)');
  }
  return clauses.join(' AND ');
}

/**
 * With places, the grid-cell index of the ends searched is named: without statistics SQLite may
 * otherwise prefer the listing index (kind + date), whose cost grows with the trips of those days.
 */
function indexHint(filter: TripSearchFilter): string {
  const origin = filter.origin && cellsAround(filter.origin);
  const destination = filter.destination && cellsAround(filter.destination);
  if (origin && destination) return ' INDEXED BY trips_route_cells_idx';
  if (origin) return ' INDEXED BY trips_origin_cells_idx';
  if (destination) return ' INDEXED BY trips_destination_cells_idx';
  return '';
}

/**
 * The search's SQL, exposed for the query-plan test.
 * - A search by place (origin and/or destination) matches few trips: `page` answers one row, every
 *   match's id in the search's order as a JSON list (a row crossing the driver costs more than
 *   parsing a short list); the total is its length and pages are slices of it, so the list is read
 *   once per search (and kept until the next write) instead of once per page, and no window
 *   function has to count it.
 * - A listing without places may match most of the table: `page` stops at the first rows of the
 *   date index (LIMIT/OFFSET) and `count` counts apart (the index alone covers it).
 */
export function searchSql(filter: TripSearchFilter): { page: string; count: string; params: unknown[]; pageParams: unknown[] } {
  const params: unknown[] = [];
  const where = whereClause(filter, params);
  const from = `trips t${indexHint(filter)}`;
  const direction = filter.newestFirst ? 'DESC' : 'ASC';
  const exactParams = filter.exactDay ? [toDbDateTime(filter.exactDay.start), toDbDateTime(filter.exactDay.end)] : [];
  // With a date, the trips of that very day come first.
  const exactFirst = filter.exactDay ? '(t.trip_date >= ? AND t.trip_date < ?) DESC, ' : '';
  const order = `${exactFirst}t.trip_date ${direction}, t.id ${direction}`;
  const count = `SELECT count(*) FROM ${from} WHERE ${where}`;
  if (filter.origin || filter.destination) {
    return { page: `SELECT json_group_array(t.id ORDER BY ${order}) FROM ${from} WHERE ${where}`, count, params, pageParams: [...exactParams, ...params] };
  }
  return {
    page: `SELECT json_group_array(id) FROM (SELECT t.id AS id FROM ${from} WHERE ${where} ORDER BY ${order} LIMIT ? OFFSET ?)`,
    count,
    params,
    pageParams: [...exactParams, ...params, filter.limit, filter.offset],
  };
}

// --- Rows of the fast path → TripRecord ---------------------------------------------------------

const bool = (value: unknown) => value === 1 || value === true || value === 1n || value === '1';
const date = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));
const dateOrNull = (value: unknown) => (value === null || value === undefined ? null : date(value));
const num = (value: unknown) => Number(value);
const str = (value: unknown) => String(value);
const strOrNull = (value: unknown) => (value === null || value === undefined ? null : String(value));

const USER_COLUMNS = (u: string) =>
  `${u}.id AS ${u}_id, ${u}.name AS ${u}_name, ${u}.image AS ${u}_image, ${u}.positive_ratings AS ${u}_pos, ` +
  `${u}.negative_ratings AS ${u}_neg, ${u}.autoaccept_requests AS ${u}_auto, ${u}.driver_is_verified AS ${u}_verified, ` +
  `${u}.last_connection AS ${u}_last, ${u}.data_visibility AS ${u}_visibility, ${u}.email AS ${u}_email`;

function userAt(row: SqlRow, at: number): TripUserRecord {
  return {
    id: num(row[at]),
    name: str(row[at + 1]),
    image: strOrNull(row[at + 2]),
    positive_ratings: num(row[at + 3]),
    negative_ratings: num(row[at + 4]),
    autoaccept_requests: bool(row[at + 5]),
    driver_is_verified: bool(row[at + 6]),
    last_connection: dateOrNull(row[at + 7]),
    data_visibility: num(row[at + 8]),
    // allPassengerRequest rows carry the requester's e-mail, as the provider's do.
    email: str(row[at + 9]),
  };
}

const IDS_PARAM = 'SELECT value FROM json_each(?)';

const TRIPS_SQL =
  'SELECT t.id, t.user_id, t.from_town, t.to_town, t.trip_date, t.estimated_time, t.distance, t.co2, t.description, ' +
  't.total_seats, t.seats_available, t.is_passenger, t.friendship_type_id, t.hidden, t.deleted_at, t.allow_kids, ' +
  't.allow_smoking, t.allow_animals, t.no_lucrar, t.car_id, t.parent_trip_id, t.seat_price_cents, ' +
  't.recommended_trip_price_cents, t.payment_id, t.state, t.needs_sellado, t.created_at, t.updated_at, ' +
  `c.id AS car_id2, c.patente, c.description AS car_description, r.id AS return_id, r.from_town AS return_from, ` +
  `r.to_town AS return_to, r.trip_date AS return_date, r.deleted_at AS return_deleted, ${USER_COLUMNS('u')} ` +
  'FROM trips t JOIN users u ON u.id = t.user_id LEFT JOIN cars c ON c.id = t.car_id ' +
  `LEFT JOIN trips r ON r.parent_trip_id = t.id WHERE t.id IN (${IDS_PARAM})`;

const POINTS_SQL =
  'SELECT trip_id, address, json_address, lat, lng, node_id FROM trips_points ' +
  `WHERE trip_id IN (${IDS_PARAM}) ORDER BY trip_id, position, id`;

const PASSENGERS_SQL =
  `SELECT p.id, p.trip_id, p.user_id, p.request_state, ${USER_COLUMNS('u')} ` +
  `FROM trip_passengers p JOIN users u ON u.id = p.user_id WHERE p.trip_id IN (${IDS_PARAM}) ORDER BY p.trip_id, p.id`;

function tripFromRow(row: SqlRow): TripRecord {
  return {
    id: num(row[0]),
    user_id: num(row[1]),
    from_town: str(row[2]),
    to_town: str(row[3]),
    trip_date: date(row[4]),
    estimated_time: strOrNull(row[5]),
    distance: num(row[6]),
    co2: num(row[7]),
    description: str(row[8]),
    total_seats: num(row[9]),
    seats_available: num(row[10]),
    is_passenger: bool(row[11]),
    friendship_type_id: num(row[12]),
    hidden: bool(row[13]),
    deleted_at: dateOrNull(row[14]),
    allow_kids: bool(row[15]),
    allow_smoking: bool(row[16]),
    allow_animals: bool(row[17]),
    no_lucrar: bool(row[18]),
    car_id: row[19] === null ? null : num(row[19]),
    parent_trip_id: row[20] === null ? null : num(row[20]),
    seat_price_cents: num(row[21]),
    recommended_trip_price_cents: num(row[22]),
    payment_id: strOrNull(row[23]),
    state: str(row[24]),
    needs_sellado: bool(row[25]),
    created_at: date(row[26]),
    updated_at: date(row[27]),
    car: row[28] === null ? null : { id: num(row[28]), patente: str(row[29]), description: strOrNull(row[30]) },
    returnTrip:
      row[31] === null
        ? null
        : { id: num(row[31]), from_town: str(row[32]), to_town: str(row[33]), trip_date: date(row[34]), deleted_at: dateOrNull(row[35]) },
    user: userAt(row, 36),
    points: [],
    passengers: [],
  };
}

export type TripCreateData = Omit<Prisma.TripUncheckedCreateInput, 'points' | 'id'>;
export type TripPointData = { position: number; address: string; json_address: string; lat: number; lng: number; node_id: string | null };

/** The longest list of matching ids the results cache keeps (see `search`). */
const MAX_KEPT_IDS = 2_000;

export function createTripRepository(db: Db, reader: SqlReader) {
  // Query results (a search's total and its pages of ids), by SQL and parameters. Any committed
  // write moves the data version and empties it, so it never answers from before a write; the
  // listings' "now" is to the minute, so a repeated search finds its entry for up to a minute.
  let resultsVersion = -1;
  const results = new Map<string, unknown>();

  async function cached<T>(key: string, version: number, read: () => Promise<T>, worthKeeping: (value: T) => boolean = () => true): Promise<T> {
    if (version !== resultsVersion || results.size >= 2_000) {
      results.clear();
      resultsVersion = version;
    }
    if (results.has(key)) return results.get(key) as T;
    const value = await read();
    // Kept only if no newer version emptied the cache meanwhile.
    if (resultsVersion === version && worthKeeping(value)) results.set(key, value);
    return value;
  }

  async function records(ids: readonly number[]): Promise<TripRecord[]> {
    if (ids.length === 0) return [];
    const param = [JSON.stringify(ids)];
    const [tripRows, pointRows, passengerRows] = await Promise.all([
      reader.rows(TRIPS_SQL, param),
      reader.rows(POINTS_SQL, param),
      reader.rows(PASSENGERS_SQL, param),
    ]);
    const byId = new Map<number, TripRecord>();
    for (const row of tripRows) {
      const trip = tripFromRow(row);
      byId.set(trip.id, trip);
    }
    for (const row of pointRows) {
      byId.get(num(row[0]))?.points.push({
        address: str(row[1]),
        json_address: str(row[2]),
        lat: num(row[3]),
        lng: num(row[4]),
        node_id: strOrNull(row[5]),
      });
    }
    for (const row of passengerRows) {
      byId.get(num(row[1]))?.passengers.push({
        id: num(row[0]),
        trip_id: num(row[1]),
        user_id: num(row[2]),
        request_state: num(row[3]),
        user: userAt(row, 4),
      });
    }
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  return {
    /** Changes after every committed write (caches compare it). */
    dataVersion: () => reader.version(),

    /**
     * Ids of one page of matching trips plus the total, in the order the search defines, and the
     * data version read before them (callers may cache what they load next under it).
     */
    async search(filter: TripSearchFilter, knownVersion?: number): Promise<{ ids: number[]; total: number; version: number }> {
      const version = knownVersion ?? (await reader.version());
      // The filter determines the SQL and its parameters: it is the key (the SQL is built on a miss).
      const countKey = JSON.stringify({ ...filter, limit: 0, offset: 0 });
      let sql: ReturnType<typeof searchSql> | undefined;
      // A very wide search (a huge radius) may match most of the table: its list is not kept, so
      // that the cache stays small whatever is asked.
      const ids = (key: string) =>
        cached(
          key,
          version,
          async () => {
            sql ??= searchSql(filter);
            const [row] = await reader.rows(sql.page, sql.pageParams);
            return JSON.parse(String(row?.[0] ?? '[]')) as number[];
          },
          (list) => list.length <= MAX_KEPT_IDS,
        );
      if (filter.origin || filter.destination) {
        // Every match in order, once per search: the total and any page come from it.
        const all = await ids(countKey);
        return { ids: all.slice(filter.offset, filter.offset + filter.limit), total: all.length, version };
      }
      const total = await cached(countKey, version, async () => {
        sql ??= searchSql(filter);
        const [row] = await reader.rows(sql.count, sql.params);
        return Number(row?.[0] ?? 0);
      });
      if (total === 0 || filter.offset >= total) return { ids: [], total, version };
      return { ids: await ids(`${countKey}\u0000${filter.limit}\u0000${filter.offset}`), total, version };
    },

    /** Trips with what their answers need, in the order of `ids` (deleted ones included). */
    records,

    async record(id: number): Promise<TripRecord | null> {
      const [trip] = await records([id]);
      return trip ?? null;
    },

    /** Whether a trip passes the visibility rules for a viewer (owner, privacy, payment state). */
    async isVisible(tripId: number, viewerId: number): Promise<boolean> {
      const params: unknown[] = [tripId];
      const rows = await reader.rows(`SELECT 1 FROM trips t WHERE t.id = ? AND ${visibleTripSql(viewerId, params)}`, params);
      return rows.length > 0;
    },

    /** Whether the owner has any trip (past ones included, deleted ones not) the viewer may see (who may message whom). */
    async ownsTripVisibleTo(ownerId: number, viewerId: number): Promise<boolean> {
      const params: unknown[] = [ownerId];
      const rows = await reader.rows(`SELECT 1 FROM trips t WHERE t.user_id = ? AND t.deleted_at IS NULL AND ${visibleTripSql(viewerId, params)} LIMIT 1`, params);
      return rows.length > 0;
    },

    /** The user's state on a trip: their latest request, if any. */
    async requestStateOf(tripId: number, userId: number): Promise<number | null> {
      const rows = await reader.rows('SELECT request_state FROM trip_passengers WHERE trip_id = ? AND user_id = ? ORDER BY id DESC LIMIT 1', [tripId, userId]);
      return rows[0] ? num(rows[0][0]) : null;
    },

    /** Driver trips the user has published (not deleted): the count the creation fee looks at. */
    countDriverTrips: (userId: number) => db.trip.count({ where: { user_id: userId, is_passenger: false, deleted_at: null } }),

    /** The same user, towns, departure and kind (a form sent twice). */
    findDuplicate: (where: { user_id: number; from_town: string; to_town: string; trip_date: Date; is_passenger: boolean }) =>
      db.trip.findFirst({ where: { ...where, deleted_at: null }, select: { id: true } }),

    carOwnedBy: (carId: number, userId: number) => db.car.findFirst({ where: { id: carId, user_id: userId }, select: { id: true } }),

    /** Creates a trip with its points; with a fee, also the pending "sellado" payment it waits for. */
    async create(data: TripCreateData, points: TripPointData[], fee: { amountCents: number } | null): Promise<number> {
      return db.$transaction(async (tx) => {
        if (data.parent_trip_id) {
          // A deleted return trip keeps its link; free it so the parent can have a new one.
          await tx.trip.updateMany({ where: { parent_trip_id: data.parent_trip_id, deleted_at: { not: null } }, data: { parent_trip_id: null } });
        }
        const trip = await tx.trip.create({ data: { ...data, points: { create: points } }, select: { id: true } });
        if (fee) {
          const payment = await tx.payment.create({
            data: { kind: 'sellado', user_id: data.user_id, trip_id: trip.id, amount_cents: fee.amountCents, payment_status: 'pending', created_at: data.created_at, updated_at: data.created_at },
          });
          await tx.trip.update({ where: { id: trip.id }, data: { payment_id: String(payment.id) } });
        }
        return trip.id;
      });
    },

    async update(id: number, data: Prisma.TripUncheckedUpdateInput, points: TripPointData[] | null): Promise<void> {
      await db.$transaction(async (tx) => {
        await tx.trip.update({ where: { id }, data });
        if (points) {
          await tx.tripPoint.deleteMany({ where: { trip_id: id } });
          await tx.tripPoint.createMany({ data: points.map((point) => ({ ...point, trip_id: id })) });
        }
      });
    },

    /** Marks the trip deleted and cancels its open requests (states 0, 1, 4 → 3); answers whose they were. */
    async softDelete(id: number, at: Date): Promise<number[]> {
      return db.$transaction(async (tx) => {
        const open = await tx.passenger.findMany({ where: { trip_id: id, request_state: { in: [...OPEN_REQUEST_STATES] } }, select: { user_id: true } });
        await tx.passenger.updateMany({ where: { trip_id: id, request_state: { in: [...OPEN_REQUEST_STATES] } }, data: { request_state: 3, updated_at: at } });
        await tx.trip.update({ where: { id }, data: { deleted_at: at, updated_at: at } });
        return [...new Set(open.map((row) => row.user_id))];
      });
    },

    setSeats: (id: number, total: number, available: number, at: Date) =>
      db.trip.update({ where: { id }, data: { total_seats: total, seats_available: available, updated_at: at }, select: { id: true } }),

    setHidden: (id: number, hidden: boolean, at: Date) => db.trip.update({ where: { id }, data: { hidden, updated_at: at }, select: { id: true } }),

    /** Ids of the user's accepted friends, and of their friends (for privacy 1). */
    async friendCircles(userId: number): Promise<{ friends: Set<number>; friendsOfFriends: Set<number> }> {
      const rows = await reader.rows(
        'SELECT f1.uid2, f2.uid2 FROM friends f1 LEFT JOIN friends f2 ON f2.uid1 = f1.uid2 AND f2.state = 1 WHERE f1.uid1 = ? AND f1.state = 1',
        [userId],
      );
      const friends = new Set<number>();
      const friendsOfFriends = new Set<number>();
      for (const [friend, second] of rows) {
        friends.add(num(friend));
        if (second !== null && second !== undefined) friendsOfFriends.add(num(second));
      }
      return { friends, friendsOfFriends };
    },

    /** Users as trip answers show them (matching users). */
    async users(ids: readonly number[]): Promise<TripUserRecord[]> {
      if (ids.length === 0) return [];
      const rows = await reader.rows(`SELECT ${USER_COLUMNS('u')} FROM users u WHERE u.id IN (${IDS_PARAM})`, [JSON.stringify(ids)]);
      const byId = new Map(rows.map((row) => [num(row[0]), userAt(row, 0)]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    /** Users with an open request (0, 1, 4) on a trip. */
    async requesterIds(tripId: number): Promise<Set<number>> {
      const rows = await reader.rows(`SELECT user_id FROM trip_passengers WHERE trip_id = ? AND request_state IN ${OPEN_REQUEST_STATES_SQL}`, [tripId]);
      return new Set(rows.map((row) => num(row[0])));
    },
  };
}

export type TripRepository = ReturnType<typeof createTripRepository>;
