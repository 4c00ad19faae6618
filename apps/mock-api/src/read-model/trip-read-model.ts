import type { Trip as WireTrip } from '@carpool/contracts';
import type { Clock } from '../lib/clock';
import { paginationMetaJson } from '../lib/paginate';
import { visibleToAnyone, visibleTripSql } from '../lib/trip-visibility';
import type { TripViewer, TripViewerExtras } from '../transformers/trip-transformer';
import { createKeptAnswers } from './kept-answers';
import { createSearchAnswers } from './search-answers';
import { listingNow, type TripSearchFilter } from './search-filter';
import { SEARCH_EXACT_TOTAL, searchSql } from './search-sql';
import type { SqlReader } from './sql-reader';
import type { TripRecord } from './trip-records';
import { readFriendCircles, readRecords, readUsers } from './trip-rows';
import { createTripSearchIndex } from './trip-search-index';
import { hasOpenRequest, isPartner, pushWireTripBytes, type WireTripBytes } from './wire-trip-bytes';

/** A search with the page it answers (the page's numbers go into the answer's meta). */
export type PagedTripSearch = TripSearchFilter & { page: number; perPage: number };

/** The trip a viewer's extras are built for (`answer`'s `extras`). */
export type AnsweredTrip = { id: number; ownerId: number; /** The owner or an active passenger. */ member: boolean };

type TripReadModelOptions = {
  reader: SqlReader;
  clock: Clock;
  /** Memory for the trip answers kept pre-serialised, in MB: TRIP_ANSWERS_MB (config/env.ts). */
  keptMb: number;
  /** See SEARCH_EXACT_TOTAL; tests lower it to walk the date index on small data. */
  exactTotal?: number;
  /** False answers every search through SQL, never the index in memory (tests compare both). */
  inMemory?: boolean;
};

const DATA_OPEN = Buffer.from('{"data":[');
const DATA_OBJECT_OPEN = Buffer.from('{"data":');
const OBJECT_CLOSE = Buffer.from('}');
/** Query results kept between writes, at most. */
const MAX_RESULTS = 2_000;

/**
 * The trip read path (README.md beside this file): searches answered by the index in memory or by
 * SQL on the read-only connection, trip answers kept pre-serialised across writes, and whole
 * search answers kept between writes. Every cache is checked against the database's data version,
 * and the triggers' change logs say what a write changed, whoever wrote.
 */
export function createTripReadModel({ reader, clock, keptMb, exactTotal = SEARCH_EXACT_TOTAL, inMemory = true }: TripReadModelOptions) {
  const kept = createKeptAnswers({ reader, budgetBytes: keptMb * 1024 * 1024 });
  const searchAnswers = createSearchAnswers();
  const friendCircles = (userId: number) => readFriendCircles(reader, userId);
  // Searches by place (the home search) are answered from memory (see trip-search-index.ts).
  const index = inMemory ? createTripSearchIndex(reader, friendCircles) : null;

  // Query results (a search's total and its pages of ids), by SQL and parameters. Any committed
  // write moves the data version and empties it, so it never answers from before a write; the
  // listings' "now" is to the minute, so a repeated search finds its entry for up to a minute.
  let resultsVersion = -1;
  const results = new Map<string, { ids: number[]; total: number }>();

  async function sqlSearch(filter: TripSearchFilter, version: number): Promise<{ ids: number[]; total: number }> {
    if (version !== resultsVersion || results.size >= MAX_RESULTS) {
      results.clear();
      resultsVersion = version;
    }
    // The filter (page included) determines the SQL and its parameters: it is the key.
    const key = JSON.stringify(filter);
    const known = results.get(key);
    if (known) return known;
    const sql = searchSql(filter, exactTotal);
    const [row] = await reader.rows(sql.candidates, sql.candidateParams);
    const matches = Number(row?.[0] ?? 0);
    let page: { ids: number[]; total: number };
    if (matches <= sql.cap) page = { ids: JSON.parse(String(row?.[1] ?? '[]')) as number[], total: matches };
    else {
      // More than `cap` match: the walk in date order answers the page; the total is a lower bound.
      const [walked] = await reader.rows(sql.walk, sql.walkParams);
      const inOrder = (walked ?? []).flatMap((list) => JSON.parse(String(list ?? '[]')) as number[]);
      // The walk stops one trip past the page: if it found it, the total stays the bound counted
      // (more than the page's end, so the next page is announced); if not, the walk read every match.
      const end = filter.offset + filter.limit;
      page = { ids: inOrder.slice(filter.offset, end), total: inOrder.length > end ? matches : inOrder.length };
    }
    // Kept only if no newer version emptied the cache meanwhile.
    if (resultsVersion === version) results.set(key, page);
    return page;
  }

  /**
   * Ids of one page of matching trips plus the total, in the order the search defines, and the
   * data version read before them (callers may cache what they load next under it).
   */
  async function search(filter: TripSearchFilter, knownVersion?: number): Promise<{ ids: number[]; total: number; version: number }> {
    const version = knownVersion ?? (await reader.version());
    // The index answers from memory: nothing to keep (a repeated search's whole answer is kept).
    if (index?.serves(filter)) {
      const found = await index.search(filter, version, Math.max(exactTotal, filter.offset + filter.limit + 1));
      if (found) return { ids: found.ids, total: found.total, version };
    }
    return { ...(await sqlSearch(filter, version)), version };
  }

  /**
   * Owner and admins see every trip; users with an open request see theirs; others by the
   * visibility rules (lib/trip-visibility: in memory for a public, paid trip, else its SQL).
   */
  async function canSee(trip: WireTripBytes, viewer: NonNullable<TripViewer>): Promise<boolean> {
    if (trip.ownerId === viewer.id || viewer.isAdmin) return true;
    if (hasOpenRequest(trip, viewer.id)) return true;
    if (trip.hidden) return false;
    if (visibleToAnyone(trip)) return true;
    const params: unknown[] = [trip.id];
    return (await reader.rows(`SELECT 1 FROM trips t WHERE t.id = ? AND ${visibleTripSql(viewer.id, params)}`, params)).length > 0;
  }

  /** One viewer's answer of a trip as an object: its kept bytes, parsed. */
  function wireTripOf(entry: WireTripBytes, viewer: TripViewer): WireTrip {
    const chunks: Buffer[] = [];
    pushWireTripBytes(chunks, entry, viewer, false);
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as WireTrip;
  }

  return {
    /**
     * A search's whole answer as JSON bytes (`{"data":[…],"meta":…}`). `key` names the search and
     * its viewer (what decides the bytes); `filter` is asked only when no kept answer has the key.
     * `version`: a data version read before the request (saves reading it again).
     */
    async searchAnswer(
      request: { key: string; url: string; viewer: TripViewer; version?: number },
      filter: () => Promise<PagedTripSearch>,
    ): Promise<Buffer> {
      const version = request.version ?? (await reader.version());
      const minute = listingNow(clock.now()).getTime();
      const known = searchAnswers.get(request.key, version, minute);
      if (known) return known;

      const paged = await filter();
      const { ids, total } = await search(paged, version);
      // A trip deleted from the table since the search read it has no answer (rare): left out.
      const found = (await kept.answers(ids, version)).filter((entry) => entry !== undefined);
      const chunks: Buffer[] = [DATA_OPEN];
      const count = found.length;
      for (let i = 0; i < count; i++) pushWireTripBytes(chunks, found[i]!, request.viewer, i < count - 1);
      chunks.push(Buffer.from(`],"meta":${paginationMetaJson({ total, count, page: paged.page, perPage: paged.perPage, url: request.url })}}`));
      const answer = Buffer.concat(chunks);
      searchAnswers.set(request.key, answer, version, minute);
      return answer;
    },

    /**
     * One trip's answer for a logged-in viewer as JSON bytes (`{"data":{…}}`), from its kept answer,
     * with the `extras` built for it; null when the trip does not exist, is deleted or the viewer
     * may not see it.
     */
    async answer(
      id: number,
      viewer: NonNullable<TripViewer>,
      { version, extras }: { version?: number; extras: (trip: AnsweredTrip) => Promise<TripViewerExtras> },
    ): Promise<Buffer | null> {
      const [entry] = await kept.answers([id], version ?? (await reader.version()));
      if (!entry || entry.deleted || !(await canSee(entry, viewer))) return null;
      const chunks: Buffer[] = [DATA_OBJECT_OPEN];
      const member = entry.ownerId === viewer.id || isPartner(entry, viewer.id);
      pushWireTripBytes(chunks, entry, viewer, false, await extras({ id: entry.id, ownerId: entry.ownerId, member }));
      chunks.push(OBJECT_CLOSE);
      return Buffer.concat(chunks);
    },

    /** The answers of the trips of `ids` that exist (deleted ones included), in that order, as objects. */
    async answers(ids: readonly number[], viewer: TripViewer): Promise<WireTrip[]> {
      const entries = await kept.answers(ids, await reader.version());
      return entries.flatMap((entry) => (entry ? [wireTripOf(entry, viewer)] : []));
    },

    /**
     * Loads ahead of the first requests: the search index, or the upcoming trips' answers (as many
     * as TRIP_ANSWERS_MB holds; answers how many were loaded).
     */
    async warm(part: 'index' | 'answers'): Promise<number> {
      if (part === 'answers') return kept.warm(clock.now());
      await index?.warm();
      return 0;
    },

    search,

    /** Trips with what their answers need, in the order of `ids` (deleted ones included). */
    records: (ids: readonly number[]): Promise<TripRecord[]> => readRecords(reader, ids),

    async record(id: number): Promise<TripRecord | null> {
      const [trip] = await readRecords(reader, [id]);
      return trip ?? null;
    },

    friendCircles,

    /** Users as trip answers show them (matching users). */
    users: (ids: readonly number[]) => readUsers(reader, ids),

    /** Changes after every committed write (the caches compare it). */
    version: () => reader.version(),
  };
}

export type TripReadModel = ReturnType<typeof createTripReadModel>;
