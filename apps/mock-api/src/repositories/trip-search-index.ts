import { boundingBox } from '../lib/geo';
import { isUnpaid, PRIVACY, reaches } from '../lib/trip-visibility';
import type { SqlReader, SqlRow } from './sql-reader';
import type { GeoFilter, TripSearchFilter } from './trip-repository';

/**
 * The trip search by place, in memory (issue 15).
 *
 * SQLite answered it from covering indexes, but each index entry it read cost about a microsecond
 * (the circle test is four SQL function calls), and a search reads hundreds of them: at 100k trips
 * that was a third of the server's time under the varied search mix. This index keeps, for every trip
 * not deleted, the columns the search filters on (about 100 bytes a trip), in buckets of 0.1° cells
 * of the origin, of the destination and of the pair of both, each bucket sorted by departure then id
 * (the search's order). A search with both ends merges the buckets of every pair of an origin cell and
 * a destination cell (only trips between the two areas), one with one end that end's buckets, in that
 * order, and stops once it has the page and the count it answers (the same total as the SQL search:
 * exact up to `cap`, then `cap + 1`).
 *
 * It stays true to the database without trusting the app to tell it about writes: the triggers of
 * migration 20261124200000_trip_search_changes append the id of every trip whose searchable
 * columns changed (inserted, updated, deleted, by any connection) to `trip_search_changes`. When the
 * database's data version has moved, the index reads the ids appended since it last looked and
 * reloads those trips, and reloads the (short) list of banned users. A search after a write pays for
 * the trips that changed, not for the table.
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
  /** Shared by every trip of the owner: whether the owner is banned, without a set lookup per trip. */
  owner: Owner;
  isPassenger: boolean;
  hidden: boolean;
  privacy: number;
  unpaid: boolean;
  origin: Point;
  destination: Point;
};

/** A trip's owner as the search sees them (one object per user, updated when the index syncs). */
type Owner = { banned: boolean };

/** A place with what the circle test needs precomputed. */
type Point = { lat: number; lng: number; sinLat: number; cosLat: number; lngRad: number; cell: number };

type Circle = { box: ReturnType<typeof boundingBox>; sinLat: number; cosLat: number; lngRad: number; minCos: number };

const EARTH_RADIUS_M = 6_371_000;
const toRad = (deg: number) => (deg * Math.PI) / 180;
/** 0.1° cells, as the SQL search's grid. */
const PER_DEGREE = 10;
/** More cells than this for an end (circles wider than ~170 km) and SQL answers. */
const MAX_CELLS = 1_024;
/** More changed trips than this since the last look and the index is rebuilt instead. */
const MAX_CHANGES = 20_000;

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
    minCos: Math.cos(Math.min(Math.PI, geo.radiusM / EARTH_RADIUS_M)),
  };
}

/** The SQL search's test: inside the box, and the cosine of the central angle at least cos(r / R). */
function within(p: Point, c: Circle): boolean {
  if (p.lat < c.box.minLat || p.lat > c.box.maxLat || p.lng < c.box.minLng || p.lng > c.box.maxLng) return false;
  return p.sinLat * c.sinLat + p.cosLat * c.cosLat * Math.cos(p.lngRad - c.lngRad) >= c.minCos;
}

/** The rows and columns of cells a circle's box touches (inclusive), or null when there are more than MAX_CELLS. */
type CellRange = { r0: number; r1: number; c0: number; c1: number };
function cellsOf(c: Circle): CellRange | null {
  const row = (lat: number) => Math.trunc((Math.max(-90, Math.min(90, lat)) + 90) * PER_DEGREE);
  const column = (lng: number) => Math.trunc((Math.max(-180, Math.min(180, lng)) + 180) * PER_DEGREE);
  const range = { r0: row(c.box.minLat), r1: row(c.box.maxLat), c0: column(c.box.minLng), c1: column(c.box.maxLng) };
  return (range.r1 - range.r0 + 1) * (range.c1 - range.c0 + 1) > MAX_CELLS ? null : range;
}

const ROW = 360 * PER_DEGREE;

/** Whether a cell (as cellOf numbers it) is one of a range's. */
function inCells(cell: number, range: CellRange): boolean {
  const r = Math.trunc(cell / ROW);
  const col = cell - r * ROW;
  return r >= range.r0 && r <= range.r1 && col >= range.c0 && col <= range.c1;
}

/** The buckets of every cell of a range that has one. */
function bucketsOf(buckets: ReadonlyMap<number, Entry[]>, range: CellRange, into: Entry[][]): void {
  // A sparse map (few cells with trips) is cheaper to walk than the range's cells to look up.
  if (buckets.size < (range.r1 - range.r0 + 1) * (range.c1 - range.c0 + 1)) {
    for (const [cell, bucket] of buckets) if (bucket.length > 0 && inCells(cell, range)) into.push(bucket);
    return;
  }
  for (let r = range.r0; r <= range.r1; r++) {
    for (let col = range.c0; col <= range.c1; col++) {
      const bucket = buckets.get(r * ROW + col);
      if (bucket && bucket.length > 0) into.push(bucket);
    }
  }
}

/** Search order: departure, then id. */
const before = (a: Entry, b: Entry) => a.date < b.date || (a.date === b.date && a.id < b.id);

/** The first position in a sorted bucket whose departure is at least `date` (ms). */
function firstFrom(bucket: readonly Entry[], date: number): number {
  let [lo, hi] = [0, bucket.length];
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (bucket[mid]!.date < date) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Where `entry` is, or goes, in a sorted bucket. */
function positionOf(bucket: readonly Entry[], entry: Entry): number {
  let [lo, hi] = [0, bucket.length];
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(bucket[mid]!, entry)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
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

/** A bucket's entries [at, end) still to read. */
type Cursor = { bucket: readonly Entry[]; at: number; end: number };

/** A small binary min-heap of bucket cursors, ordered by their current entry. */
class CursorHeap {
  private readonly heap: Cursor[] = [];

  constructor(cursors: readonly Cursor[]) {
    for (const cursor of cursors) if (cursor.at < cursor.end) this.heap.push(cursor);
    for (let i = (this.heap.length >>> 1) - 1; i >= 0; i--) this.down(i);
  }

  /** The next entry in search order, or undefined when every bucket is done (its cursor moves past it). */
  next(): Entry | undefined {
    const heap = this.heap;
    const top = heap[0];
    if (!top) return undefined;
    const entry = top.bucket[top.at++]!;
    if (top.at >= top.end) {
      heap[0] = heap[heap.length - 1]!;
      heap.pop();
    }
    if (heap.length > 1) this.down(0);
    return entry;
  }

  private down(i: number): void {
    const heap = this.heap;
    for (;;) {
      const [l, r] = [2 * i + 1, 2 * i + 2];
      let smallest = i;
      if (l < heap.length && CursorHeap.less(heap[l]!, heap[smallest]!)) smallest = l;
      if (r < heap.length && CursorHeap.less(heap[r]!, heap[smallest]!)) smallest = r;
      if (smallest === i) return;
      [heap[i], heap[smallest]] = [heap[smallest]!, heap[i]!];
      i = smallest;
    }
  }

  private static less(a: Cursor, b: Cursor): boolean {
    return before(a.bucket[a.at]!, b.bucket[b.at]!);
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
  ) {}

  matches(e: Entry): boolean {
    const filter = this.filter;
    return (
      (filter.includeHidden || !e.hidden) &&
      (filter.isPassenger === undefined || e.isPassenger === filter.isPassenger) &&
      (filter.excludeUserId === undefined || e.userId !== filter.excludeUserId) &&
      (this.origin === undefined || within(e.origin, this.origin)) &&
      (this.destination === undefined || within(e.destination, this.destination)) &&
      this.visible(e)
    );
  }

  /**
   * visibleTripSql and the banned-owner rule of the SQL search. Friendships are stored both ways, so
   * the viewer's circles say whether the owner's privacy reaches them.
   */
  private visible(e: Entry): boolean {
    if (e.owner.banned) return false;
    if (this.viewerId === null) return e.privacy === PRIVACY.public && !e.unpaid;
    return e.userId === this.viewerId || (!e.unpaid && reaches(e.privacy, this.circles!, e.userId));
  }
}

const TRIP_COLUMNS =
  'id, trip_date, user_id, is_passenger, hidden, friendship_type_id, state, origin_lat, origin_lng, destination_lat, destination_lng, deleted_at';

const bool = (value: unknown) => value === 1 || value === true || value === 1n || value === '1';

/** A trips row (TRIP_COLUMNS) as an entry, or null for a deleted trip. */
function entryOf(row: SqlRow, ownerOf: (userId: number) => Owner): Entry | null {
  if (row[11] !== null && row[11] !== undefined) return null;
  const userId = Number(row[2]);
  return {
    id: Number(row[0]),
    date: row[1] instanceof Date ? row[1].getTime() : Date.parse(String(row[1])),
    userId,
    owner: ownerOf(userId),
    isPassenger: bool(row[3]),
    hidden: bool(row[4]),
    privacy: Number(row[5]),
    unpaid: isUnpaid(String(row[6])),
    origin: point(Number(row[7]), Number(row[8])),
    destination: point(Number(row[9]), Number(row[10])),
  };
}

export type TripSearchIndex = ReturnType<typeof createTripSearchIndex>;

export function createTripSearchIndex(
  reader: SqlReader,
  friendCircles: (userId: number) => Promise<{ friends: ReadonlySet<number>; friendsOfFriends: ReadonlySet<number> }>,
) {
  const entries = new Map<number, Entry>();
  const byOrigin = new Map<number, Entry[]>();
  const byDestination = new Map<number, Entry[]>();
  // By origin cell, then destination cell: a search with both ends reads only the trips between
  // the two circles' cells, instead of every trip of one end's cells in its dates.
  const byRoute = new Map<number, Map<number, Entry[]>>();
  // Every owner seen, with whether they are banned (read again at each sync).
  const owners = new Map<number, Owner>();
  const ownerOf = (userId: number): Owner => {
    let owner = owners.get(userId);
    if (!owner) owners.set(userId, (owner = { banned: false }));
    return owner;
  };
  let seenSeq = -1;
  let seenVersion: number | null = null;
  let syncing: Promise<void> | null = null;
  // A viewer's friend circles, between writes.
  const circles = new Map<number, { friends: ReadonlySet<number>; friendsOfFriends: ReadonlySet<number> }>();

  const bucketIn = (buckets: Map<number, Entry[]>, cell: number) => {
    let bucket = buckets.get(cell);
    if (!bucket) buckets.set(cell, (bucket = []));
    return bucket;
  };
  const routeBuckets = (entry: Entry) => {
    let toDestination = byRoute.get(entry.origin.cell);
    if (!toDestination) byRoute.set(entry.origin.cell, (toDestination = new Map()));
    return toDestination;
  };
  /** The three sorted lists an entry is in: its origin's cell, its destination's, and the pair's. */
  const listsOf = (entry: Entry) => [bucketIn(byOrigin, entry.origin.cell), bucketIn(byDestination, entry.destination.cell), bucketIn(routeBuckets(entry), entry.destination.cell)];

  function remove(id: number): void {
    const entry = entries.get(id);
    if (!entry) return;
    entries.delete(id);
    for (const bucket of listsOf(entry)) {
      const at = positionOf(bucket, entry);
      if (bucket[at] === entry) bucket.splice(at, 1);
    }
  }

  function add(entry: Entry): void {
    entries.set(entry.id, entry);
    for (const bucket of listsOf(entry)) bucket.splice(positionOf(bucket, entry), 0, entry);
  }

  async function rebuild(upTo: number): Promise<void> {
    entries.clear();
    byOrigin.clear();
    byDestination.clear();
    byRoute.clear();
    for (const row of await reader.rows(`SELECT ${TRIP_COLUMNS} FROM trips WHERE deleted_at IS NULL`)) {
      const entry = entryOf(row, ownerOf);
      if (!entry) continue;
      entries.set(entry.id, entry);
      for (const bucket of listsOf(entry)) bucket.push(entry);
    }
    const inOrder = (a: Entry, b: Entry) => a.date - b.date || a.id - b.id;
    for (const buckets of [byOrigin, byDestination, ...byRoute.values()]) for (const bucket of buckets.values()) bucket.sort(inOrder);
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
              't.destination_lat, t.destination_lng, t.deleted_at, t.id FROM (SELECT DISTINCT trip_id FROM trip_search_changes WHERE seq > ? AND seq <= ?) c ' +
              'LEFT JOIN trips t ON t.id = c.trip_id',
            [seenSeq, upTo],
          );
          for (const row of changed) {
            remove(Number(row[0]));
            // A trip deleted from the table comes back without its row (t.id is null).
            if (row[12] !== null && row[12] !== undefined) {
              const entry = entryOf(row, ownerOf);
              if (entry) add(entry);
            }
          }
          seenSeq = upTo;
        }
      }
      const banned = new Set((await reader.rows('SELECT id FROM users WHERE banned = 1')).map((row) => Number(row[0])));
      for (const [userId, owner] of owners) owner.banned = banned.has(userId);
      for (const userId of banned) ownerOf(userId).banned = true;
      circles.clear();
      seenVersion = version;
    })().finally(() => {
      syncing = null;
    });
    await syncing;
    // Another write may have landed while this look ran: the next search looks again.
    if (seenVersion !== version) await sync(version);
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
        Boolean(filter.origin || filter.destination) &&
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
      const originCells = origin && cellsOf(origin);
      const destinationCells = destination && cellsOf(destination);
      if ((origin && !originCells) || (destination && !destinationCells)) return null;
      await sync(version);

      // Both ends: the trips of every pair of an origin cell and a destination cell. One end: that
      // end's cells. Each entry is still tested against both circles (a cell is wider than a circle's edge).
      const buckets: Entry[][] = [];
      if (originCells && destinationCells) {
        for (let r = originCells.r0; r <= originCells.r1; r++) {
          for (let col = originCells.c0; col <= originCells.c1; col++) {
            const toDestination = byRoute.get(r * ROW + col);
            if (toDestination) bucketsOf(toDestination, destinationCells, buckets);
          }
        }
      } else if (originCells) bucketsOf(byOrigin, originCells, buckets);
      else bucketsOf(byDestination, destinationCells!, buckets);

      const viewerId = filter.viewerId;
      const test = new TripTest(filter, origin, destination, viewerId, viewerId === null ? null : await circlesOf(viewerId));

      // The page's matches in the search's order (merged through the heap), then only counted, in
      // any order, up to `cap + 1`: the total needs no order, and most searches count far more
      // trips than their page shows.
      const end = filter.offset + filter.limit;
      const found: number[] = [];
      let total = 0;
      for (const range of rangesOf(filter)) {
        const cursors = buckets.map((bucket) => ({ bucket, at: firstFrom(bucket, range.from), end: firstFrom(bucket, range.to) }));
        if (total < end) {
          const merged = new CursorHeap(cursors);
          for (let e = merged.next(); e; e = merged.next()) {
            if (!test.matches(e)) continue;
            found.push(e.id);
            if (++total === end) break;
          }
        }
        for (let i = 0; i < cursors.length && total <= cap; i++) {
          const { bucket, end: stop } = cursors[i]!;
          for (let at = cursors[i]!.at; at < stop && total <= cap; at++) if (test.matches(bucket[at]!)) total++;
        }
        if (total > cap) break;
      }
      return { ids: found.slice(filter.offset), total };
    },
  };
}
