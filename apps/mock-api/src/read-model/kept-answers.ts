import { toDbDateTime } from '../lib/dates';
import { toWireTripParts } from '../transformers/trip-transformer';
import type { SqlReader } from './sql-reader';
import { readRecords } from './trip-rows';
import { toWireTripBytes, type WireTripBytes } from './wire-trip-bytes';

/** What a kept answer costs besides its bytes (its object, its buffer's, the map's entry). */
const KEPT_OVERHEAD_BYTES = 1_000;
/** A kept answer's usual size, for how many upcoming trips the start-up loads. */
const WARM_BYTES_PER_TRIP = 3_000;
const WARM_BATCH = 200;
/** The largest trip id kept in the array by id (its slots cost memory); larger ones only in the map. */
const KEPT_BY_ID_MAX = 4_000_000;
/** More changed trips than this since the log was last read and every kept answer is dropped. */
const MAX_CHANGES_READ = 20_000;

/**
 * Every trip's answer kept pre-serialised (WireTripBytes: its bytes and who may see it), up to
 * `budgetBytes`. A write drops only the trips whose answer it changed: triggers log their ids
 * (migration 20261125000000_trip_answer_changes, whoever writes), and when the database's data
 * version has moved the log is read from where it was last read. A log that restarted (a wipe) or
 * was pruned past that point, or too many changes at once, drop everything. At start-up the
 * upcoming trips are loaded ahead of the searches (`warm`).
 */
export function createKeptAnswers({ reader, budgetBytes }: { reader: SqlReader; budgetBytes: number }) {
  const kept = new Map<number, WireTripBytes>();
  // The same entries by trip id (undefined where none): a search's lookups index an array instead of
  // hashing into a large map. `kept` keeps the order in which they go, and the entries of ids past
  // KEPT_BY_ID_MAX (never the case of an autoincrement table, but a row may be written with any
  // id): an array up to such an id would cost memory for every id below it.
  const keptById: (WireTripBytes | undefined)[] = [];
  const keptEntry = (id: number) => (id < keptById.length ? keptById[id] : kept.get(id));
  let keptBytes = 0;
  let keptVersion = -1;
  let seenChange = -1;
  // Moves whenever kept answers are dropped: a load that started before must not keep what it read.
  let epoch = 0;
  let catchingUp: Promise<void> | null = null;

  function drop(id: number): void {
    const entry = kept.get(id);
    if (!entry) return;
    kept.delete(id);
    if (id < keptById.length) keptById[id] = undefined;
    keptBytes -= entry.bytes.length + KEPT_OVERHEAD_BYTES;
  }

  function dropAll(): void {
    kept.clear();
    keptById.length = 0;
    keptBytes = 0;
  }

  /**
   * The trips whose answers changed after change `afterSeq`, read in one statement: the log's last
   * and first change and the distinct ids after `afterSeq`, or `ids: null` when there are more than
   * MAX_CHANGES_READ of them.
   */
  async function answerChanges(afterSeq: number): Promise<{ upTo: number; first: number; ids: number[] | null }> {
    const [row] = await reader.rows(
      'SELECT (SELECT coalesce(max(seq), 0) FROM trip_answer_changes), (SELECT coalesce(min(seq), 0) FROM trip_answer_changes), ' +
        '(SELECT json_group_array(trip_id) FROM (SELECT DISTINCT trip_id FROM trip_answer_changes WHERE seq > ? LIMIT ?))',
      [afterSeq, MAX_CHANGES_READ + 1],
    );
    const ids = JSON.parse(String(row?.[2] ?? '[]')) as number[];
    return { upTo: Number(row?.[0] ?? 0), first: Number(row?.[1] ?? 0), ids: ids.length > MAX_CHANGES_READ ? null : ids };
  }

  /** Drops the trips whose answers changed since the log was last read (one reader at a time). */
  async function catchUp(version: number): Promise<void> {
    catchingUp ??= (async () => {
      const { upTo, first, ids } = await answerChanges(seenChange);
      if (seenChange < 0 || upTo < seenChange || first > seenChange + 1 || ids === null) dropAll();
      else for (const id of ids) drop(id);
      seenChange = upTo;
      epoch++;
      keptVersion = version;
    })().finally(() => {
      catchingUp = null;
    });
    await catchingUp;
    // A look already under way when this one was asked for may have read the log before `version`:
    // then it set an older version, and the log is read again.
    if (keptVersion !== version) await catchUp(version);
  }

  /** Makes room for `bytes` more: the trips kept longest go first (a Map iterates in insertion order). */
  function makeRoom(bytes: number): void {
    for (const [id] of kept) {
      if (keptBytes + bytes <= budgetBytes) return;
      drop(id);
    }
  }

  function keep(entry: WireTripBytes): void {
    const size = entry.bytes.length + KEPT_OVERHEAD_BYTES;
    if (size > budgetBytes) return;
    drop(entry.id);
    makeRoom(size);
    kept.set(entry.id, entry);
    if (entry.id <= KEPT_BY_ID_MAX) {
      // Grown with undefined up to the id (a far index would turn the array into a dictionary).
      while (keptById.length < entry.id) keptById.push(undefined);
      keptById[entry.id] = entry;
    }
    keptBytes += size;
  }

  /**
   * The answers of `ids`, kept or loaded, in the same order (undefined for a trip that does not
   * exist), as of data version `version` or later.
   */
  async function answers(ids: readonly number[], version: number): Promise<(WireTripBytes | undefined)[]> {
    if (version !== keptVersion) await catchUp(version);
    const found = new Array<WireTripBytes | undefined>(ids.length);
    let missing: number[] | null = null;
    for (let i = 0; i < ids.length; i++) {
      const entry = keptEntry(ids[i]!);
      if (entry) found[i] = entry;
      else (missing ??= []).push(ids[i]!);
    }
    if (!missing) return found;
    // The answer is built from what was found before the wait and what was loaded; the loaded trips
    // are kept only if no change was applied meanwhile (it may be newer than what was read).
    const startedAt = epoch;
    const loaded = new Map<number, WireTripBytes>();
    for (const record of await readRecords(reader, missing)) {
      const entry = toWireTripBytes(toWireTripParts(record));
      loaded.set(record.id, entry);
      if (epoch === startedAt) keep(entry);
    }
    for (let i = 0; i < ids.length; i++) found[i] ??= loaded.get(ids[i]!);
    return found;
  }

  /** Ids of the trips not deleted that leave after `from`, soonest first, at most `limit`. */
  async function upcomingIds(from: Date, limit: number): Promise<number[]> {
    const rows = await reader.rows('SELECT id FROM trips WHERE trip_date >= ? AND deleted_at IS NULL ORDER BY trip_date, id LIMIT ?', [
      toDbDateTime(from),
      limit,
    ]);
    return rows.map((row) => Number(row[0]));
  }

  /** Loads the upcoming trips' answers ahead of the searches, a batch at a time, until the budget is full. */
  async function warm(from: Date): Promise<number> {
    const ids = await upcomingIds(from, Math.floor(budgetBytes / WARM_BYTES_PER_TRIP));
    let loaded = 0;
    for (let at = 0; at < ids.length; at += WARM_BATCH) {
      // Requests go first: each batch waits for the event loop's turn.
      await new Promise((resolve) => setImmediate(resolve));
      if (keptBytes + WARM_BATCH * WARM_BYTES_PER_TRIP > budgetBytes) break;
      loaded += (await answers(ids.slice(at, at + WARM_BATCH), await reader.version())).filter(Boolean).length;
    }
    return loaded;
  }

  return { answers, warm };
}

