import type { Prisma } from '@prisma/client';
import type { Db } from '../db/client';
import { toDbDateTime } from '../lib/dates';
import { boundingBox } from '../lib/geo';
import { ACTIVE_REQUEST_STATES_SQL, OPEN_REQUEST_STATES, OPEN_REQUEST_STATES_SQL, visibleTripSql } from '../lib/trip-visibility';
import type { TripRecord, TripUserRecord } from '../transformers/trip-transformer';
import type { SqlReader, SqlRow } from './sql-reader';
import { createTripSearchIndex } from './trip-search-index';

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
  /** A place node id the trip's path holds at a point but its last (the index's `nodeBucketsOf`). */
  originNode?: string;
  /** A place node id the trip's path holds at a point but its first, after originNode's when both. */
  destinationNode?: string;
  limit: number;
  offset: number;
};

export { UNPAID_STATES } from '../lib/trip-visibility';

// --- Grid cells (migrations 20261122170000_trip_search_indexes, 20261124120000_trip_search_covering)

/** A grid over the globe: `perDegree` cells per degree of latitude and of longitude. */
type Grid = { perDegree: number; name: 'cells' | 'areas' };
/** 0.1° cells (about 11 km × 9 km in Argentina). */
const CELLS: Grid = { perDegree: 10, name: 'cells' };
/** 0.5° areas, for wide circles at both ends. */
const AREAS: Grid = { perDegree: 2, name: 'areas' };
/** More cells than this for one end and the search falls back to the latitude/longitude box. */
const MAX_CELLS_PER_END = 64;
/** More (origin, destination) pairs of cells than this and a search by route seeks by areas. */
const MAX_ROUTE_PAIRS = 64;
const EARTH_RADIUS_M = 6_371_000;
const toRad = (deg: number) => (deg * Math.PI) / 180;

/** Must stay identical to the indexed expressions of the migrations. */
const cellSql = (end: 'origin' | 'destination', grid: Grid = CELLS) =>
  `(CAST((t.${end}_lat + 90) * ${grid.perDegree} AS INTEGER) * ${360 * grid.perDegree} + CAST((t.${end}_lng + 180) * ${grid.perDegree} AS INTEGER))`;

/** The cells of `grid` a circle's bounding box touches, or null when there are more than `max`. */
export function cellsAround(geo: GeoFilter, grid: Grid = CELLS, max = MAX_CELLS_PER_END): number[] | null {
  const box = boundingBox(geo, geo.radiusM);
  const row = (lat: number) => Math.trunc((Math.max(-90, Math.min(90, lat)) + 90) * grid.perDegree);
  const column = (lng: number) => Math.trunc((Math.max(-180, Math.min(180, lng)) + 180) * grid.perDegree);
  const [r0, r1, c0, c1] = [row(box.minLat), row(box.maxLat), column(box.minLng), column(box.maxLng)];
  if ((r1 - r0 + 1) * (c1 - c0 + 1) > max) return null;
  const cells: number[] = [];
  for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) cells.push(r * 360 * grid.perDegree + c);
  return cells;
}

/** Which index the candidates of a search by place are sought through, and the cells of each end. */
type Seek = { index: string; origin?: { grid: Grid; cells: number[] }; destination?: { grid: Grid; cells: number[] } };

function seekOf(filter: TripSearchFilter): Seek | null {
  const origin = filter.origin && cellsAround(filter.origin);
  const destination = filter.destination && cellsAround(filter.destination);
  if (filter.origin && filter.destination) {
    if (origin && destination && origin.length * destination.length <= MAX_ROUTE_PAIRS) {
      return { index: 'trips_route_cells_idx', origin: { grid: CELLS, cells: origin }, destination: { grid: CELLS, cells: destination } };
    }
    const originAreas = cellsAround(filter.origin, AREAS);
    const destinationAreas = cellsAround(filter.destination, AREAS);
    if (originAreas && destinationAreas && originAreas.length * destinationAreas.length <= MAX_ROUTE_PAIRS) {
      return { index: 'trips_route_areas_idx', origin: { grid: AREAS, cells: originAreas }, destination: { grid: AREAS, cells: destinationAreas } };
    }
  }
  // One end (or a route too wide for pairs): the end with fewer cells; the other end is checked on the index.
  if (origin && (!destination || origin.length <= destination.length)) return { index: 'trips_origin_cells_idx', origin: { grid: CELLS, cells: origin } };
  if (destination) return { index: 'trips_destination_cells_idx', destination: { grid: CELLS, cells: destination } };
  return null;
}

function geoClause(end: 'origin' | 'destination', geo: GeoFilter, cells: { grid: Grid; cells: number[] } | undefined, params: unknown[]): string {
  const clauses: string[] = [];
  if (cells) {
    clauses.push(`${cellSql(end, cells.grid)} IN (${cells.cells.map(() => '?').join(', ')})`);
    params.push(...cells.cells);
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

/** The trips.path tests of the index's node buckets and `pathHoldsInOrder` in SQL: the nodes as '.id.' in the path. */
function nodeClause(filter: TripSearchFilter, params: unknown[]): string | null {
  const [origin, destination] = [filter.originNode && `.${filter.originNode}.`, filter.destinationNode && `.${filter.destinationNode}.`];
  if (origin && destination) {
    // The destination in what follows the origin's first place, from its closing dot on.
    params.push(origin, origin, origin.length, destination);
    return 'instr(t.path, ?) > 0 AND instr(substr(t.path, instr(t.path, ?) + ? - 1), ?) > 0';
  }
  if (origin) {
    // Without the path's last dot, its last node is no '.id.'.
    params.push(origin);
    return 'instr(substr(t.path, 1, length(t.path) - 1), ?) > 0';
  }
  if (destination) {
    params.push(destination);
    return 'instr(substr(t.path, 2), ?) > 0';
  }
  return null;
}

/** The search's conditions; with `seek`, the places are also sought by its cells (the candidates' index). */
function whereClause(filter: TripSearchFilter, seek: Seek | null, params: unknown[]): string {
  const clauses = ['t.deleted_at IS NULL'];
  // The geographic part first: its cell lists are what the indexes are searched by.
  if (filter.origin) clauses.push(geoClause('origin', filter.origin, seek?.origin, params));
  if (filter.destination) clauses.push(geoClause('destination', filter.destination, seek?.destination, params));
  const nodes = nodeClause(filter, params);
  if (nodes) clauses.push(nodes);
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
 * Matches a search sorts itself: up to this many (or the page's end plus one, if deeper) the
 * total is exact; a search with more walks the date index and its total becomes a lower bound.
 */
export const SEARCH_EXACT_TOTAL = 200;

/**
 * The search's two statements, exposed for the query-plan test. Both answer ids as one JSON list
 * (a row crossing the driver costs more than parsing a short list).
 * - `candidates`: at most `cap + 1` matches through the grid-cell index of the searched places
 *   (or whatever index SQLite picks for a listing without places), then the count of those and the
 *   page sorted in the search's order. With `cap` or fewer, that is every match: the page and the
 *   total are exact, and the cost is bounded by `cap` whatever the size of the table.
 * - `walk`, run only when there were more: the date index walked in the search's order, checking
 *   every condition on the index, stopping at the page's end plus one. With a date, the order is
 *   the exact day, then the days before it, then the days after (three walks, `segments`), which
 *   is "exact day first, then by date". Many matches make the walk short: its cost is the page,
 *   not the number of matches.
 */
export function searchSql(filter: TripSearchFilter, exactTotal: number = SEARCH_EXACT_TOTAL): {
  cap: number;
  candidates: string;
  candidateParams: unknown[];
  walk: string;
  walkParams: unknown[];
} {
  const seek = filter.origin || filter.destination ? seekOf(filter) : null;
  const direction = filter.newestFirst ? 'DESC' : 'ASC';
  const order = `t.trip_date ${direction}, t.id ${direction}`;
  const wanted = filter.offset + filter.limit + 1;
  const cap = Math.max(exactTotal, wanted);

  const candidateParams: unknown[] = [];
  const where = whereClause(filter, seek, candidateParams);
  const exact = filter.exactDay ? [toDbDateTime(filter.exactDay.start), toDbDateTime(filter.exactDay.end)] : [];
  const exactFirst = filter.exactDay ? '(t.trip_date >= ? AND t.trip_date < ?) DESC, ' : '';
  const candidates =
    `WITH m AS MATERIALIZED (SELECT t.id, t.trip_date FROM trips t${seek ? ` INDEXED BY ${seek.index}` : ''} WHERE ${where} LIMIT ?) ` +
    `SELECT (SELECT count(*) FROM m), (SELECT json_group_array(id) FROM (SELECT t.id FROM m t ORDER BY ${exactFirst}${order} LIMIT ? OFFSET ?))`;
  candidateParams.push(cap + 1, ...exact, filter.limit, filter.offset);

  // The walk checks the places by their boxes and circles only (no cells): the date index holds them.
  const walkParams: unknown[] = [];
  const segments: [string, unknown[]][] = filter.exactDay
    ? [
        ['t.trip_date >= ? AND t.trip_date < ?', exact],
        ['t.trip_date < ?', [exact[0]]],
        ['t.trip_date >= ?', [exact[1]]],
      ]
    : [['1', []]];
  const walks = segments.map(([range, rangeParams]) => {
    const params: unknown[] = [];
    const conditions = whereClause(filter, null, params);
    walkParams.push(...params, ...rangeParams, wanted);
    return `(SELECT json_group_array(id) FROM (SELECT t.id FROM trips t INDEXED BY trips_search_date_idx WHERE ${conditions} AND ${range} ORDER BY ${order} LIMIT ?))`;
  });
  return { cap, candidates, candidateParams, walk: `SELECT ${walks.join(', ')}`, walkParams };
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

/** A user's columns, in the order `userAt` reads them. */
const USER_FIELDS = (u: string) =>
  `${u}.id, ${u}.name, ${u}.image, ${u}.positive_ratings, ${u}.negative_ratings, ${u}.autoaccept_requests, ` +
  `${u}.driver_is_verified, ${u}.last_connection, ${u}.data_visibility, ${u}.email`;

/** A floating-point column as text with every digit: SQLite's JSON writes 15 significant digits. */
const REAL = (column: string) => `printf('%!.17g', ${column})`;

/**
 * Trips with their points and passengers, as one JSON list of rows (each row a JSON array in the
 * order `tripFromRow` reads, then its points and its passengers as arrays): one statement and one
 * value across the driver instead of three statements and a value per column, which is what loading
 * a page of trips not kept yet cost (issue 15). `json()` keeps the nested lists JSON, not text.
 */
const RECORDS_SQL =
  `SELECT json_group_array(json_array(t.id, t.user_id, t.from_town, t.to_town, t.trip_date, t.estimated_time, t.distance, ${REAL('t.co2')}, ` +
  't.description, t.total_seats, t.seats_available, t.is_passenger, t.friendship_type_id, t.hidden, t.deleted_at, t.allow_kids, ' +
  't.allow_smoking, t.allow_animals, t.no_lucrar, t.car_id, t.parent_trip_id, t.seat_price_cents, ' +
  't.recommended_trip_price_cents, t.payment_id, t.state, t.needs_sellado, t.created_at, t.updated_at, ' +
  `c.id, c.patente, c.description, r.id, r.from_town, r.to_town, r.trip_date, r.deleted_at, ${USER_FIELDS('u')}, ` +
  `json((SELECT json_group_array(json_array(address, json_address, ${REAL('lat')}, ${REAL('lng')}, node_id)) FROM ` +
  '(SELECT address, json_address, lat, lng, node_id FROM trips_points WHERE trip_id = t.id ORDER BY position, id))), ' +
  `json((SELECT json_group_array(json_array(p.id, p.trip_id, p.user_id, p.request_state, ${USER_FIELDS('pu')})) FROM ` +
  '(SELECT * FROM trip_passengers WHERE trip_id = t.id ORDER BY id) p JOIN users pu ON pu.id = p.user_id))' +
  ')) FROM trips t JOIN users u ON u.id = t.user_id LEFT JOIN cars c ON c.id = t.car_id ' +
  `LEFT JOIN trips r ON r.parent_trip_id = t.id WHERE t.id IN (${IDS_PARAM})`;

/** Column of RECORDS_SQL's rows where the points, then the passengers, are. */
const POINTS_AT = 46;

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

/**
 * `exactTotal`: see SEARCH_EXACT_TOTAL (tests lower it to walk the date index on small data).
 * `inMemory: false` answers every search through SQL (tests compare both).
 */
export function createTripRepository(
  db: Db,
  reader: SqlReader,
  { exactTotal = SEARCH_EXACT_TOTAL, inMemory = true }: { exactTotal?: number; inMemory?: boolean } = {},
) {
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

  // Searches by place (the home search) are answered from memory (see trip-search-index.ts).
  const index = inMemory ? createTripSearchIndex(reader, (userId) => friendCircles(userId)) : null;

  /** Ids of the user's accepted friends, and of their friends (for privacy 1). */
  async function friendCircles(userId: number): Promise<{ friends: Set<number>; friendsOfFriends: Set<number> }> {
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
  }

  async function records(ids: readonly number[]): Promise<TripRecord[]> {
    if (ids.length === 0) return [];
    const [row] = await reader.rows(RECORDS_SQL, [JSON.stringify(ids)]);
    const byId = new Map<number, TripRecord>();
    for (const values of JSON.parse(String(row?.[0] ?? '[]')) as SqlRow[]) {
      const trip = tripFromRow(values);
      for (const point of values[POINTS_AT] as SqlRow[]) {
        trip.points.push({ address: str(point[0]), json_address: str(point[1]), lat: num(point[2]), lng: num(point[3]), node_id: strOrNull(point[4]) });
      }
      for (const passenger of values[POINTS_AT + 1] as SqlRow[]) {
        trip.passengers.push({
          id: num(passenger[0]),
          trip_id: num(passenger[1]),
          user_id: num(passenger[2]),
          request_state: num(passenger[3]),
          user: userAt(passenger, 4),
        });
      }
      byId.set(trip.id, trip);
    }
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  return {
    /** Changes after every committed write (caches compare it). */
    dataVersion: () => reader.version(),

    /** Loads the search index in memory ahead of the first search. */
    warmSearch: async () => index?.warm(),

    /**
     * The trips whose answers changed after change `afterSeq` (migration 20261125000000_trip_answer_changes),
     * read in one statement: the log's last and first change and the distinct ids after `afterSeq`,
     * or `ids: null` when there are more than `limit` of them.
     */
    async answerChanges(afterSeq: number, limit: number): Promise<{ upTo: number; first: number; ids: number[] | null }> {
      const [row] = await reader.rows(
        'SELECT (SELECT coalesce(max(seq), 0) FROM trip_answer_changes), (SELECT coalesce(min(seq), 0) FROM trip_answer_changes), ' +
          '(SELECT json_group_array(trip_id) FROM (SELECT DISTINCT trip_id FROM trip_answer_changes WHERE seq > ? LIMIT ?))',
        [afterSeq, limit + 1],
      );
      const ids = JSON.parse(String(row?.[2] ?? '[]')) as number[];
      return { upTo: Number(row?.[0] ?? 0), first: Number(row?.[1] ?? 0), ids: ids.length > limit ? null : ids };
    },

    /** Ids of the trips not deleted that leave after `from`, soonest first, at most `limit` (the answers kept ahead of searches). */
    async upcomingIds(from: Date, limit: number): Promise<number[]> {
      const rows = await reader.rows('SELECT id FROM trips WHERE trip_date >= ? AND deleted_at IS NULL ORDER BY trip_date, id LIMIT ?', [
        toDbDateTime(from),
        limit,
      ]);
      return rows.map((row) => Number(row[0]));
    },

    /**
     * Ids of one page of matching trips plus the total, in the order the search defines, and the
     * data version read before them (callers may cache what they load next under it).
     */
    async search(filter: TripSearchFilter, knownVersion?: number): Promise<{ ids: number[]; total: number; version: number }> {
      const version = knownVersion ?? (await reader.version());
      // The index answers from memory: nothing to keep (a repeated search's whole answer is kept by the service).
      if (index?.serves(filter)) {
        const found = await index.search(filter, version, Math.max(exactTotal, filter.offset + filter.limit + 1));
        if (found) return { ids: found.ids, total: found.total, version };
      }
      // The filter (page included) determines the SQL and its parameters: it is the key.
      const page = await cached(JSON.stringify(filter), version, async () => {
        const sql = searchSql(filter, exactTotal);
        const [row] = await reader.rows(sql.candidates, sql.candidateParams);
        const matches = Number(row?.[0] ?? 0);
        if (matches <= sql.cap) return { ids: JSON.parse(String(row?.[1] ?? '[]')) as number[], total: matches };
        // More than `cap` match: the walk in date order answers the page; the total is a lower bound.
        const [walked] = await reader.rows(sql.walk, sql.walkParams);
        const inOrder = (walked ?? []).flatMap((list) => JSON.parse(String(list ?? '[]')) as number[]);
        // The walk stops one trip past the page: if it found it, the total stays the bound counted
        // (more than the page's end, so the next page is announced); if not, the walk read every match.
        const end = filter.offset + filter.limit;
        return { ids: inOrder.slice(filter.offset, end), total: inOrder.length > end ? matches : inOrder.length };
      });
      return { ...page, version };
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

    friendCircles,

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
