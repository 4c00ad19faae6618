import { ACTIVE_REQUEST_STATES, ROUTE_MODEL, sqlList } from '@carpool/contracts';
import { toDbDateTime } from '../lib/dates';
import { boundingBox } from '../lib/geo';
import { visibleTripSql } from '../lib/trip-visibility';
import type { GeoFilter, TripSearchFilter } from './search-filter';

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
  params.push(Math.sin(toRad(geo.lat)), Math.cos(toRad(geo.lat)), toRad(geo.lng), Math.cos(Math.min(Math.PI, geo.radiusM / ROUTE_MODEL.earthRadiusM)));
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
    clauses.push(`t.id IN (SELECT trip_id FROM trip_passengers WHERE user_id = ? AND request_state IN ${sqlList(ACTIVE_REQUEST_STATES)})`);
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
