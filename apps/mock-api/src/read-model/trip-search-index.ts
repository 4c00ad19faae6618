import { pathHoldsInOrder, ROUTE_MODEL } from '@carpool/contracts';
import { boundingBox } from '../lib/geo';
import { isUnpaid, PRIVACY, reaches } from '../lib/trip-visibility';
import type { GeoFilter, TripSearchFilter } from './search-filter';
import type { SqlReader, SqlRow } from './sql-reader';

/**
 * The trip search by place, in memory.
 *
 * SQLite answered it from covering indexes, but each index entry it read was costly
 * (the circle test is four SQL function calls), and a search reads hundreds of them: at 100k trips
 * that was most of a search's time. This index keeps, for every trip not deleted, the columns the
 * search filters on (typed arrays in each of its buckets, see `Bucket`), in buckets of 0.1° cells of the origin, of the destination and of the pair of
 * both, each bucket sorted by departure then id (the search's order). A search with both ends merges
 * the buckets of every pair of an origin cell and a destination cell (only trips between the two
 * areas), one with one end that end's buckets, in that order, until it has its page, then counts the
 * rest in any order up to the total it answers (the same as the SQL search's: exact up to `cap`, then
 * `cap + 1`).
 *
 * It stays true to the database without trusting the app to tell it about writes: the triggers of
 * migration 20261124200000_trip_search_changes append the id of every trip whose searchable
 * columns changed (inserted, updated, deleted, by any connection) to `trip_search_changes`. When the
 * database's data version has moved, the index reads the ids appended since it last looked and
 * reloads those trips, and reloads the (short) list of banned users. A search after a write pays for
 * the trips that changed, not for the table.
 *
 * A search by place ids (the provider's clients send the picked places' node ids) reads the buckets
 * of trips by node instead of cells: `fromNode` holds the trips with the node at a point but their
 * last, `toNode` at a point but their first (the provider's routes: the legs' starts and ends), and
 * with both ids each trip's path says whether the origin comes before the destination
 * (`pathHoldsInOrder`).
 *
 * What it does not serve (the caller uses SQL): searches without places, a user's own listings
 * (owner or passenger), the admins' listings, newest-first history and circles wider than
 * MAX_CELLS cells.
 */

/** A trip as the search sees it. Dates are milliseconds. */
type Entry = {
  id: number;
  date: number;
  userId: number;
  isPassenger: boolean;
  hidden: boolean;
  privacy: number;
  unpaid: boolean;
  origin: Point;
  destination: Point;
  /** '.12.45.78.' (trips.path), or null. */
  path: string | null;
};

/** A place with what the circle test needs precomputed. */
type Point = { lat: number; lng: number; sinLat: number; cosLat: number; lngRad: number; cell: number };

type Circle = { box: ReturnType<typeof boundingBox>; sinLat: number; cosLat: number; lngRad: number; minCos: number };

const toRad = (deg: number) => (deg * Math.PI) / 180;
/** 0.1° cells, as the SQL search's grid. */
const PER_DEGREE = 10;
/** More cells than this for an end (circles wider than ~170 km) and SQL answers. */
const MAX_CELLS = 1_024;
/** More changed trips than this since the last look and the index is rebuilt instead. */
const MAX_CHANGES = 20_000;

/**
 * The provider's match of a search with both place ids (TripRepository::search, path LIKE
 * '%.from.%.to.%'): the origin at a point before the destination's. With one id the node's bucket
 * decides (`nodeBucketsOf`). The SQL search's `nodeClause` says the same.
 */

/** The nodes of a path in order. */
const nodesOf = (path: string | null) => (path === null ? [] : path.slice(1, -1).split('.'));

const cellOf = (lat: number, lng: number) => Math.trunc((lat + 90) * PER_DEGREE) * 360 * PER_DEGREE + Math.trunc((lng + 180) * PER_DEGREE);

function point(lat: number, lng: number): Point {
  const latRad = toRad(lat);
  return { lat, lng, sinLat: Math.sin(latRad), cosLat: Math.cos(latRad), lngRad: toRad(lng), cell: cellOf(lat, lng) };
}

function circleOf(geo: GeoFilter): Circle {
  const latRad = toRad(geo.lat);
  return {
    box: boundingBox(geo, geo.radiusM),
    sinLat: Math.sin(latRad),
    cosLat: Math.cos(latRad),
    lngRad: toRad(geo.lng),
    minCos: Math.cos(Math.min(Math.PI, geo.radiusM / ROUTE_MODEL.earthRadiusM)),
  };
}

/**
 * The SQL search's test on the point stored at `at` of a bucket's columns (lat, lng, sin lat, cos
 * lat, lng in radians): inside the box, and the cosine of the central angle at least cos(r / R).
 */
function within(data: Float64Array, at: number, c: Circle): boolean {
  const lat = data[at]!;
  const lng = data[at + 1]!;
  if (lat < c.box.minLat || lat > c.box.maxLat || lng < c.box.minLng || lng > c.box.maxLng) return false;
  return data[at + 2]! * c.sinLat + data[at + 3]! * c.cosLat * Math.cos(data[at + 4]! - c.lngRad) >= c.minCos;
}

/** The row of cells of a latitude, and the column of a longitude (clamped to the globe). */
const rowOf = (lat: number) => Math.trunc((Math.max(-90, Math.min(90, lat)) + 90) * PER_DEGREE);
const columnOf = (lng: number) => Math.trunc((Math.max(-180, Math.min(180, lng)) + 180) * PER_DEGREE);

/** The rows and columns of cells a circle's box touches (inclusive), or null when there are more than MAX_CELLS. */
type CellRange = { r0: number; r1: number; c0: number; c1: number };
function cellsOf(c: Circle): CellRange | null {
  const range = { r0: rowOf(c.box.minLat), r1: rowOf(c.box.maxLat), c0: columnOf(c.box.minLng), c1: columnOf(c.box.maxLng) };
  return (range.r1 - range.r0 + 1) * (range.c1 - range.c0 + 1) > MAX_CELLS ? null : range;
}

const ROW = 360 * PER_DEGREE;

/**
 * A box of cells as one number (its first row and column, its height and width less one): exact,
 * as rows are under 2,048, columns under 4,096 and a box has at most MAX_CELLS cells.
 */
const boxKey = (range: CellRange) => ((range.r0 * 4_096 + range.c0) * 2_048 + (range.r1 - range.r0)) * 2_048 + (range.c1 - range.c0);
/** Boxes (or pairs of boxes) whose buckets are kept between searches, at most. */
const MAX_KEPT_BOXES = 4_096;

/**
 * Values by 0.1° cell (as `cellOf` numbers them), by row and then by column in order, so that a
 * range of cells costs one lookup per row: a search's box is up to ~6 × 7 cells at 25 km.
 */
class CellGrid<T> {
  // By row (an array, not a map: a row costs an index, not a hash lookup).
  private readonly rows = noRows<{ cols: number[]; values: T[] }>();

  getOrAdd(cell: number, make: () => T): T {
    const r = Math.trunc(cell / ROW);
    const col = cell % ROW;
    let row = this.rows[r];
    if (!row) this.rows[r] = row = { cols: [], values: [] };
    const at = lowerBound(row.cols, col);
    if (row.cols[at] !== col) {
      row.cols.splice(at, 0, col);
      row.values.splice(at, 0, make());
    }
    return row.values[at]!;
  }

  /** Appends the value of every cell of `range` that has one. */
  collect(range: CellRange, into: T[]): void {
    for (let r = range.r0; r <= range.r1; r++) {
      const row = this.rows[r];
      if (!row) continue;
      const { cols, values } = row;
      for (let at = lowerBound(cols, range.c0); at < cols.length && cols[at]! <= range.c1; at++) into.push(values[at]!);
    }
  }

  *values(): IterableIterator<T> {
    for (const row of this.rows) if (row) yield* row.values;
  }

  clear(): void {
    this.rows.fill(undefined);
  }
}

/** Rows of cells from the south pole to the north (the north pole's latitude is a row of its own). */
const ROWS = 180 * PER_DEGREE;

/** One empty slot per row of cells, so that the array never has holes (V8 keeps it a plain array). */
function noRows<T>(): (T | undefined)[] {
  return Array.from({ length: ROWS + 1 }, () => undefined);
}

/**
 * The buckets of the trips between two cells, by the origin cell's row, then the destination cell's
 * row, then the pair of their columns in order: a search with both ends reads each of its origin
 * rows once, and there the destination rows of its box that have trips (~6 × 6 rows at 25 km).
 */
class RouteGrid {
  // By the origin's row: the destination rows that have trips from it (in order), and each one's
  // pairs of columns. A search's origin rows cost an index each, and its destination rows a binary
  // search, instead of a hash lookup for every pair of rows (most pairs have no trips).
  private readonly byOriginRow = noRows<{ destinationRows: number[]; rows: { keys: number[]; buckets: Bucket[] }[] }>();

  getOrAdd(originCell: number, destinationCell: number, make: () => Bucket): Bucket {
    const [r, d] = [Math.trunc(originCell / ROW), Math.trunc(destinationCell / ROW)];
    const key = (originCell % ROW) * ROW + (destinationCell % ROW);
    let origin = this.byOriginRow[r];
    if (!origin) this.byOriginRow[r] = origin = { destinationRows: [], rows: [] };
    const rowAt = lowerBound(origin.destinationRows, d);
    if (origin.destinationRows[rowAt] !== d) {
      origin.destinationRows.splice(rowAt, 0, d);
      origin.rows.splice(rowAt, 0, { keys: [], buckets: [] });
    }
    const row = origin.rows[rowAt]!;
    const at = lowerBound(row.keys, key);
    if (row.keys[at] !== key) {
      row.keys.splice(at, 0, key);
      row.buckets.splice(at, 0, make());
    }
    return row.buckets[at]!;
  }

  /** Appends the bucket of every pair of a cell of `origin` and one of `destination` that has one. */
  collect(origin: CellRange, destination: CellRange, into: Bucket[]): void {
    const [first, last] = [origin.c0 * ROW + destination.c0, origin.c1 * ROW + destination.c1];
    for (let r = origin.r0; r <= origin.r1; r++) {
      const fromRow = this.byOriginRow[r];
      if (!fromRow) continue;
      const { destinationRows, rows } = fromRow;
      for (let i = lowerBound(destinationRows, destination.r0); i < destinationRows.length && destinationRows[i]! <= destination.r1; i++) {
        const { keys, buckets } = rows[i]!;
        for (let at = lowerBound(keys, first); at < keys.length && keys[at]! <= last; at++) {
          const column = keys[at]! % ROW;
          if (column >= destination.c0 && column <= destination.c1) into.push(buckets[at]!);
        }
      }
    }
  }

  *values(): IterableIterator<Bucket> {
    for (const fromRow of this.byOriginRow) if (fromRow) for (const row of fromRow.rows) yield* row.buckets;
  }

  clear(): void {
    this.byOriginRow.fill(undefined);
  }
}

/** The first position in a sorted list of numbers whose value is at least `value`. */
function lowerBound(list: readonly number[], value: number): number {
  let [lo, hi] = [0, list.length];
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

// A bucket's columns: its trips' departures in one Float64Array, and the rest of each trip as STRIDE
// numbers in another, both in the search's order (departure, then id). With a JavaScript object per
// trip (and one per point) every trip a search read cost a few cache misses, which were most of the
// search's time at 100k trips; the departures alone (8 bytes a trip) are what the binary searches
// read, and they stay in the processor's caches between searches.
const ID = 0;
const USER = 1;
/** hidden (1), is a passenger's trip (2), waits for its fee (4), privacy × 8. */
const FLAGS = 2;
const ORIGIN = 3;
const DESTINATION = 8;
const STRIDE = 13;
const HIDDEN = 1;
const PASSENGER = 2;
const UNPAID = 4;
const PRIVACY_SHIFT = 8;

/** The trips of one cell (or one pair of cells) in search order, as columns (see STRIDE). */
class Bucket {
  size = 0;
  dates = new Float64Array(1);
  data = new Float64Array(STRIDE);

  /** The first position, from `lo` on, whose departure is at least `date` (ms). */
  firstFrom(date: number, lo = 0): number {
    const dates = this.dates;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (dates[mid]! < date) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Where a trip of this departure and id is, or goes. */
  positionOf(date: number, id: number): number {
    let at = this.firstFrom(date);
    while (at < this.size && this.dates[at] === date && this.data[at * STRIDE + ID]! < id) at++;
    return at;
  }

  insert(entry: Entry): void {
    const position = this.positionOf(entry.date, entry.id);
    this.room(this.size + 1);
    this.dates.copyWithin(position + 1, position, this.size);
    this.data.copyWithin((position + 1) * STRIDE, position * STRIDE, this.size * STRIDE);
    this.write(position, entry);
    this.size++;
  }

  remove(date: number, id: number): void {
    const position = this.positionOf(date, id);
    if (position >= this.size || this.data[position * STRIDE + ID] !== id) return;
    this.dates.copyWithin(position, position + 1, this.size);
    this.data.copyWithin(position * STRIDE, (position + 1) * STRIDE, this.size * STRIDE);
    this.size--;
  }

  /** Appends a trip that comes after every trip already in (the index's build, in search order). */
  append(entry: Entry): void {
    this.room(this.size + 1);
    this.write(this.size, entry);
    this.size++;
  }

  /** Gives back the room grown past its trips (after the index's build). */
  trim(): void {
    if (this.dates.length > this.size) this.resize(Math.max(1, this.size));
  }

  private room(trips: number): void {
    if (this.dates.length < trips) this.resize(this.dates.length * 2);
  }

  private resize(trips: number): void {
    const [dates, data] = [new Float64Array(trips), new Float64Array(trips * STRIDE)];
    dates.set(this.dates.subarray(0, Math.min(trips, this.size)));
    data.set(this.data.subarray(0, Math.min(trips, this.size) * STRIDE));
    [this.dates, this.data] = [dates, data];
  }

  private write(position: number, entry: Entry): void {
    const { data } = this;
    const at = position * STRIDE;
    this.dates[position] = entry.date;
    data[at + ID] = entry.id;
    data[at + USER] = entry.userId;
    data[at + FLAGS] = (entry.hidden ? HIDDEN : 0) | (entry.isPassenger ? PASSENGER : 0) | (entry.unpaid ? UNPAID : 0) | (entry.privacy * PRIVACY_SHIFT);
    for (const [offset, point] of [[ORIGIN, entry.origin], [DESTINATION, entry.destination]] as const) {
      data[at + offset] = point.lat;
      data[at + offset + 1] = point.lng;
      data[at + offset + 2] = point.sinLat;
      data[at + offset + 3] = point.cosLat;
      data[at + offset + 4] = point.lngRad;
    }
  }
}

/**
 * Where each indexed trip is (its departure and its two cells), by id: what taking it out of its
 * buckets needs. A Map of small integers to a slot in typed columns, not a Map of objects: an object
 * a trip, one a point and a boxed number for each of their fractional fields would be several
 * things a trip for V8's full garbage collection to trace, on the main thread, while searches wait.
 */
class Placements {
  private readonly slots = new Map<number, number>();
  private readonly free: number[] = [];
  private used = 0;
  private dates = new Float64Array(1_024);
  private cells = new Int32Array(2 * 1_024);

  /** The departure and the origin and destination cells of trip `id`, or undefined when not indexed. */
  get(id: number): { date: number; originCell: number; destinationCell: number } | undefined {
    const slot = this.slots.get(id);
    if (slot === undefined) return undefined;
    return { date: this.dates[slot]!, originCell: this.cells[2 * slot]!, destinationCell: this.cells[2 * slot + 1]! };
  }

  set(entry: Entry): void {
    let slot = this.slots.get(entry.id);
    if (slot === undefined) {
      slot = this.free.pop() ?? this.used++;
      if (slot >= this.dates.length) {
        const [dates, cells] = [new Float64Array(this.dates.length * 2), new Int32Array(this.cells.length * 2)];
        dates.set(this.dates);
        cells.set(this.cells);
        [this.dates, this.cells] = [dates, cells];
      }
      this.slots.set(entry.id, slot);
    }
    this.dates[slot] = entry.date;
    this.cells[2 * slot] = entry.origin.cell;
    this.cells[2 * slot + 1] = entry.destination.cell;
  }

  delete(id: number): void {
    const slot = this.slots.get(id);
    if (slot === undefined) return;
    this.slots.delete(id);
    this.free.push(slot);
  }

  clear(): void {
    this.slots.clear();
    this.free.length = 0;
    this.used = 0;
  }
}

/** A range of departures [from, to), in ms; either end open. */
type Range = { from: number; to: number };

/**
 * The search's order as ranges read one after the other, as the SQL search's walk: with a date, the
 * exact day, then the window's days before it, then those after; otherwise the filter's one range.
 */
function rangesOf(filter: TripSearchFilter): Range[] {
  const from = filter.from?.getTime() ?? -Infinity;
  const to = filter.to?.getTime() ?? Infinity;
  if (!filter.exactDay) return [{ from, to }];
  const [start, end] = [filter.exactDay.start.getTime(), filter.exactDay.end.getTime()];
  return [
    { from: Math.max(from, start), to: Math.min(to, end) },
    { from, to: Math.min(to, start) },
    { from: Math.max(from, end), to },
  ].filter((range) => range.from < range.to);
}

/** A bucket's trips [at, end) still to read (positions, not offsets in its data). */
type Cursor = { bucket: Bucket; at: number; end: number };

/** Whether a cursor's current trip comes before another's in search order. */
function less(a: Cursor, b: Cursor): boolean {
  const [dx, dy] = [a.bucket.dates[a.at]!, b.bucket.dates[b.at]!];
  return dx < dy || (dx === dy && a.bucket.data[a.at * STRIDE + ID]! < b.bucket.data[b.at * STRIDE + ID]!);
}

/** A small binary min-heap of bucket cursors, ordered by their current trip. */
class CursorHeap {
  private readonly heap: Cursor[] = [];

  constructor(cursors: readonly Cursor[]) {
    for (const cursor of cursors) if (cursor.at < cursor.end) this.heap.push(cursor);
    for (let i = (this.heap.length >>> 1) - 1; i >= 0; i--) this.down(i);
  }

  /**
   * The cursor whose current trip is next in search order, or undefined when every bucket is done.
   * The caller reads that trip, then calls `advance`.
   */
  peek(): Cursor | undefined {
    return this.heap[0];
  }

  /** Moves the top cursor past its current trip. */
  advance(): void {
    const heap = this.heap;
    const top = heap[0]!;
    if (++top.at >= top.end) {
      heap[0] = heap[heap.length - 1]!;
      heap.pop();
    }
    if (heap.length > 1) this.down(0);
  }

  private down(i: number): void {
    const heap = this.heap;
    for (;;) {
      const [l, r] = [2 * i + 1, 2 * i + 2];
      let smallest = i;
      if (l < heap.length && less(heap[l]!, heap[smallest]!)) smallest = l;
      if (r < heap.length && less(heap[r]!, heap[smallest]!)) smallest = r;
      if (smallest === i) return;
      [heap[i], heap[smallest]] = [heap[smallest]!, heap[i]!];
      i = smallest;
    }
  }
}

/**
 * What a search asks of each trip (its circles, filters and who is looking), as one object built per
 * search whose `matches` the walk calls for every trip it reads.
 */
class TripTest {
  constructor(
    private readonly filter: TripSearchFilter,
    private readonly origin: Circle | undefined,
    private readonly destination: Circle | undefined,
    private readonly viewerId: number | null,
    private readonly circles: { friends: ReadonlySet<number>; friendsOfFriends: ReadonlySet<number> } | null,
    private readonly banned: ReadonlySet<number>,
    /** With both nodes, the trips' paths (one node's bucket says nothing of the order). */
    private readonly paths: ReadonlyMap<number, string> | null,
  ) {}

  /** Whether the trip at position `position` of `data` (a bucket's columns) matches. */
  matches(data: Float64Array, position: number): boolean {
    const at = position * STRIDE;
    const flags = data[at + FLAGS]!;
    const filter = this.filter;
    return (
      (filter.includeHidden || (flags & HIDDEN) === 0) &&
      (filter.isPassenger === undefined || (flags & PASSENGER) !== 0 === filter.isPassenger) &&
      (filter.excludeUserId === undefined || data[at + USER] !== filter.excludeUserId) &&
      (this.origin === undefined || within(data, at + ORIGIN, this.origin)) &&
      (this.destination === undefined || within(data, at + DESTINATION, this.destination)) &&
      this.visible(data[at + USER]!, flags) &&
      (this.paths === null || pathHoldsInOrder(this.paths.get(data[at + ID]!) ?? null, filter.originNode!, filter.destinationNode!))
    );
  }

  /**
   * visibleTripSql and the banned-owner rule of the SQL search. Friendships are stored both ways, so
   * the viewer's circles say whether the owner's privacy reaches them.
   */
  private visible(userId: number, flags: number): boolean {
    if (this.banned.size > 0 && this.banned.has(userId)) return false;
    const privacy = Math.trunc(flags / PRIVACY_SHIFT);
    const unpaid = (flags & UNPAID) !== 0;
    if (this.viewerId === null) return privacy === PRIVACY.public && !unpaid;
    return userId === this.viewerId || (!unpaid && reaches(privacy, this.circles!, userId));
  }
}

const TRIP_COLUMNS =
  'id, trip_date, user_id, is_passenger, hidden, friendship_type_id, state, origin_lat, origin_lng, destination_lat, destination_lng, deleted_at, path';

const bool = (value: unknown) => value === 1 || value === true || value === 1n || value === '1';

/** A trips row (TRIP_COLUMNS) as an entry, or null for a deleted trip. */
function entryOf(row: SqlRow): Entry | null {
  if (row[11] !== null && row[11] !== undefined) return null;
  return {
    id: Number(row[0]),
    date: row[1] instanceof Date ? row[1].getTime() : Date.parse(String(row[1])),
    userId: Number(row[2]),
    isPassenger: bool(row[3]),
    hidden: bool(row[4]),
    privacy: Number(row[5]),
    unpaid: isUnpaid(String(row[6])),
    origin: point(Number(row[7]), Number(row[8])),
    destination: point(Number(row[9]), Number(row[10])),
    path: row[12] === null || row[12] === undefined ? null : String(row[12]),
  };
}

export function createTripSearchIndex(
  reader: SqlReader,
  friendCircles: (userId: number) => Promise<{ friends: ReadonlySet<number>; friendsOfFriends: ReadonlySet<number> }>,
) {
  const placed = new Placements();
  const byOrigin = new CellGrid<Bucket>();
  const byDestination = new CellGrid<Bucket>();
  // By origin cell, then destination cell: a search with both ends reads only the trips between
  // the two circles' cells, instead of every trip of one end's cells in its dates.
  const byRoute = new RouteGrid();
  // By place node id: the trips with the node at a point but their last (fromNode) or their first
  // (toNode), and the paths of the trips that have one.
  const fromNode = new Map<string, Bucket>();
  const toNode = new Map<string, Bucket>();
  const paths = new Map<number, string>();
  let banned: ReadonlySet<number> = new Set<number>();
  let seenSeq = -1;
  let seenVersion: number | null = null;
  let syncing: Promise<void> | null = null;
  // A viewer's friend circles, between writes.
  const circles = new Map<number, { friends: ReadonlySet<number>; friendsOfFriends: ReadonlySet<number> }>();

  // The buckets of the boxes searched, by box (one end) or pair of boxes (both ends): searches ask
  // the same places again and again (an end is a place picked from the autocomplete, so its circle
  // covers the same cells), and gathering a pair of boxes' buckets from the grids costs a few dozen
  // lookups of scattered rows. A box's list holds until a bucket is added to a grid (buckets are never taken out:
  // a bucket emptied by writes stays, empty), the grids are rebuilt, or MAX_KEPT_BOXES are kept.
  const originBoxes = new Map<number, Bucket[]>();
  const destinationBoxes = new Map<number, Bucket[]>();
  const routeBoxes = new Map<number, Map<number, Bucket[]>>();
  let keptBoxes = 0;
  const forgetBoxes = () => {
    originBoxes.clear();
    destinationBoxes.clear();
    routeBoxes.clear();
    keptBoxes = 0;
  };
  /** The buckets of a box, or a pair of boxes, from the kept lists or gathered from the grids. */
  function bucketsIn(originCells: CellRange | undefined | null, destinationCells: CellRange | undefined | null): Bucket[] {
    const byBox = originCells && destinationCells ? routeBoxes.get(boxKey(originCells)) : originCells ? originBoxes : destinationBoxes;
    const key = boxKey(destinationCells ?? originCells!);
    const known = byBox?.get(key);
    if (known) return known;
    const found: Bucket[] = [];
    if (originCells && destinationCells) byRoute.collect(originCells, destinationCells, found);
    else if (originCells) byOrigin.collect(originCells, found);
    else byDestination.collect(destinationCells!, found);
    if (keptBoxes >= MAX_KEPT_BOXES) forgetBoxes();
    if (originCells && destinationCells) {
      const originKey = boxKey(originCells);
      let pairs = routeBoxes.get(originKey);
      if (!pairs) routeBoxes.set(originKey, (pairs = new Map()));
      pairs.set(key, found);
    } else (originCells ? originBoxes : destinationBoxes).set(key, found);
    keptBoxes++;
    return found;
  }
  const newBucket = () => {
    forgetBoxes();
    return new Bucket();
  };
  /** The three buckets of a trip: its origin's cell, its destination's, and the pair's. */
  const bucketsOf = (originCell: number, destinationCell: number) => [
    byOrigin.getOrAdd(originCell, newBucket),
    byDestination.getOrAdd(destinationCell, newBucket),
    byRoute.getOrAdd(originCell, destinationCell, newBucket),
  ];
  /** The node buckets of a path: each node but the last's fromNode, each but the first's toNode. */
  function nodeBucketsOf(path: string | null): Bucket[] {
    const nodes = nodesOf(path);
    const found: Bucket[] = [];
    const bucketOf = (byNode: Map<string, Bucket>, node: string) => {
      let bucket = byNode.get(node);
      if (!bucket) byNode.set(node, (bucket = new Bucket()));
      // A node twice in a path (a round trip) is one trip of its bucket.
      if (!found.includes(bucket)) found.push(bucket);
    };
    nodes.forEach((node, i) => {
      if (i < nodes.length - 1) bucketOf(fromNode, node);
      if (i > 0) bucketOf(toNode, node);
    });
    return found;
  }
  const bucketsOfEntry = (entry: Entry) => [...bucketsOf(entry.origin.cell, entry.destination.cell), ...nodeBucketsOf(entry.path)];

  function remove(id: number): void {
    const place = placed.get(id);
    if (!place) return;
    placed.delete(id);
    for (const bucket of [...bucketsOf(place.originCell, place.destinationCell), ...nodeBucketsOf(paths.get(id) ?? null)]) bucket.remove(place.date, id);
    paths.delete(id);
  }

  function add(entry: Entry): void {
    placed.set(entry);
    if (entry.path !== null) paths.set(entry.id, entry.path);
    for (const bucket of bucketsOfEntry(entry)) bucket.insert(entry);
  }

  async function rebuild(upTo: number): Promise<void> {
    placed.clear();
    byOrigin.clear();
    byDestination.clear();
    byRoute.clear();
    fromNode.clear();
    toNode.clear();
    paths.clear();
    forgetBoxes();
    const all: Entry[] = [];
    for (const row of await reader.rows(`SELECT ${TRIP_COLUMNS} FROM trips WHERE deleted_at IS NULL`)) {
      const entry = entryOf(row);
      if (entry) all.push(entry);
    }
    // In search order, so that every bucket is filled in order.
    all.sort((a, b) => a.date - b.date || a.id - b.id);
    for (const entry of all) {
      placed.set(entry);
      if (entry.path !== null) paths.set(entry.id, entry.path);
      for (const bucket of bucketsOfEntry(entry)) bucket.append(entry);
    }
    for (const bucket of [...byOrigin.values(), ...byDestination.values(), ...byRoute.values(), ...fromNode.values(), ...toNode.values()]) bucket.trim();
    seenSeq = upTo;
  }

  /** Catches up with the database when its data version moved (one look at a time). */
  async function sync(version: number): Promise<void> {
    if (version === seenVersion) return;
    syncing ??= (async () => {
      // The change log's end is read before the trips: a write in between is read twice (harmless).
      const [ends] = await reader.rows('SELECT coalesce(max(seq), 0), coalesce(min(seq), 0) FROM trip_search_changes');
      const [upTo, first] = [Number(ends?.[0] ?? 0), Number(ends?.[1] ?? 0)];
      // First look, or changes it has not seen were pruned (a wipe empties the log but keeps its
      // numbering) or the log went back: read the whole table.
      if (seenSeq < 0 || upTo < seenSeq || first > seenSeq + 1) await rebuild(upTo);
      else if (upTo > seenSeq) {
        const [counted] = await reader.rows('SELECT count(*) FROM trip_search_changes WHERE seq > ? AND seq <= ?', [seenSeq, upTo]);
        if (Number(counted?.[0] ?? 0) > MAX_CHANGES) await rebuild(upTo);
        else {
          const changed = await reader.rows(
            'SELECT c.trip_id, t.trip_date, t.user_id, t.is_passenger, t.hidden, t.friendship_type_id, t.state, t.origin_lat, t.origin_lng, ' +
              't.destination_lat, t.destination_lng, t.deleted_at, t.path, t.id FROM (SELECT DISTINCT trip_id FROM trip_search_changes WHERE seq > ? AND seq <= ?) c ' +
              'LEFT JOIN trips t ON t.id = c.trip_id',
            [seenSeq, upTo],
          );
          for (const row of changed) {
            remove(Number(row[0]));
            // A trip deleted from the table comes back without its row (t.id is null).
            if (row[13] !== null && row[13] !== undefined) {
              const entry = entryOf(row);
              if (entry) add(entry);
            }
          }
          seenSeq = upTo;
        }
      }
      banned = new Set((await reader.rows('SELECT id FROM users WHERE banned = 1')).map((row) => Number(row[0])));
      circles.clear();
      seenVersion = version;
    })().finally(() => {
      syncing = null;
    });
    await syncing;
    // Another write may have landed while this look ran: the next search looks again.
    if (seenVersion !== version) await sync(version);
  }

  /** The node bucket a search by place ids reads: with both ids, the smaller one (the order is tested per trip). */
  function nodeBuckets(filter: TripSearchFilter): Bucket[] {
    const from = filter.originNode === undefined ? undefined : (fromNode.get(filter.originNode) ?? new Bucket());
    const to = filter.destinationNode === undefined ? undefined : (toNode.get(filter.destinationNode) ?? new Bucket());
    return [from && to ? (from.size <= to.size ? from : to) : (from ?? to)!];
  }

  async function circlesOf(viewerId: number) {
    let found = circles.get(viewerId);
    if (!found) {
      found = await friendCircles(viewerId);
      if (circles.size >= 1_000) circles.clear();
      circles.set(viewerId, found);
    }
    return found;
  }

  return {
    /** Builds the index now (the server calls it once listening, so the first search does not pay). */
    warm: async () => sync(await reader.version()),

    /** Whether this index answers `filter` (otherwise the SQL search does). */
    serves(filter: TripSearchFilter): boolean {
      return (
        Boolean(filter.origin || filter.destination || filter.originNode || filter.destinationNode) &&
        !filter.viewerIsAdmin &&
        !filter.newestFirst &&
        filter.ownerId === undefined &&
        filter.passengerId === undefined
      );
    },

    /**
     * The page of `filter` and its total, as the SQL search answers them: at most `cap + 1`
     * matches are counted. Null when the circles are too wide for the cells (the caller uses SQL).
     */
    async search(filter: TripSearchFilter, version: number, cap: number): Promise<{ ids: number[]; total: number } | null> {
      const origin = filter.origin && circleOf(filter.origin);
      const destination = filter.destination && circleOf(filter.destination);
      const byNode = filter.originNode !== undefined || filter.destinationNode !== undefined;
      const originCells = origin && !byNode ? cellsOf(origin) : undefined;
      const destinationCells = destination && !byNode ? cellsOf(destination) : undefined;
      if (!byNode && ((origin && !originCells) || (destination && !destinationCells))) return null;
      if (version !== seenVersion) await sync(version);

      // A place id: that node's trips (with both, the smaller of the two). Otherwise both ends: the
      // trips of every pair of an origin cell and a destination cell; one end: that end's cells. Each
      // entry is still tested against both circles (a cell is wider than a circle's edge).
      const buckets = byNode ? nodeBuckets(filter) : bucketsIn(originCells, destinationCells);

      const viewerId = filter.viewerId;
      const bothNodes = filter.originNode !== undefined && filter.destinationNode !== undefined;
      const circlesOfViewer = viewerId === null ? null : await circlesOf(viewerId);
      const test = new TripTest(filter, origin, destination, viewerId, circlesOfViewer, banned, bothNodes ? paths : null);

      // The page's matches in the search's order (merged through the heap), then only counted, in
      // any order, up to `cap + 1`: the total needs no order, and most searches count far more
      // trips than their page shows.
      const end = filter.offset + filter.limit;
      const found: number[] = [];
      let total = 0;
      // The buckets with a departure in the search's dates (most have none: a cell's trips on other days).
      const ranges = rangesOf(filter);
      let [from, to] = [Infinity, -Infinity];
      for (const range of ranges) [from, to] = [Math.min(from, range.from), Math.max(to, range.to)];
      const dated: Bucket[] = [];
      for (const bucket of buckets) if (bucket.size > 0 && bucket.dates[bucket.size - 1]! >= from && bucket.dates[0]! < to) dated.push(bucket);
      for (const range of ranges) {
        const cursors: Cursor[] = [];
        for (const bucket of dated) {
          const at = bucket.firstFrom(range.from);
          const stop = bucket.firstFrom(range.to, at);
          if (at < stop) cursors.push({ bucket, at, end: stop });
        }
        if (total < end) {
          const merged = new CursorHeap(cursors);
          for (let cursor = merged.peek(); cursor; cursor = merged.peek()) {
            const { data } = cursor.bucket;
            const at = cursor.at;
            merged.advance();
            if (!test.matches(data, at)) continue;
            found.push(data[at * STRIDE + ID]!);
            if (++total === end) break;
          }
        }
        for (let i = 0; i < cursors.length && total <= cap; i++) {
          const { bucket, end: stop } = cursors[i]!;
          for (let at = cursors[i]!.at; at < stop && total <= cap; at++) if (test.matches(bucket.data, at)) total++;
        }
        if (total > cap) break;
      }
      return { ids: found.slice(filter.offset), total };
    },
  };
}
