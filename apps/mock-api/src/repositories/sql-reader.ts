import { closeSync, openSync, readSync } from 'node:fs';
import type { Db } from '../db/client';
import { Database, isBusyError, type Connection, type Statement } from '../db/sqlite';

/** A row as a list of column values, in the order of the SELECT. */
export type SqlRow = unknown[];

/**
 * Read-only SQL for the hot paths (trip search, trip cards, places), on a second connection to
 * the database file the Prisma client uses.
 *
 * Why: through Prisma a raw query costs about 0.3 ms of overhead and `findMany` with the trip
 * relations about 10 ms for 20 trips; the same reads through a cached prepared statement of the
 * libsql driver cost tens of microseconds. Writes stay on Prisma. Each statement runs to the end
 * synchronously, so this connection never holds a lock across an await.
 *
 * `version()` is SQLite's `PRAGMA data_version`: it changes whenever another connection (Prisma,
 * i.e. every write of the app, or another process) has committed, which is what the caches built
 * on top compare. For an in-memory database, or when the file is locked, the same SQL goes through Prisma.
 *
 * In WAL mode the version is checked without SQL first (issue 15: every search and every logged-in
 * request asks, and the pragma cost 10-25 µs of CPU each under load, a read transaction with its
 * locks). SQLite itself decides whether another connection committed by comparing the 48-byte
 * wal-index header, kept twice at the start of the `-shm` file, with the copy it saw last
 * (walIndexTryHdr in wal.c; the layout is part of the file format, sqlite.org/walformat.html): every
 * commit rewrites it (its last frame, its salts after a restart, its checksum). So the reader reads
 * those 96 bytes (one pread): when both copies agree and equal the header seen at the last pragma,
 * nothing was committed since and the last version is still right; otherwise (a commit, a write in
 * progress, no WAL) the pragma answers, as before.
 */
export type SqlReader = {
  rows(sql: string, params?: readonly unknown[]): Promise<SqlRow[]>;
  version(): Promise<number>;
};

const MAX_STATEMENTS = 256;
/** Bytes of the database file read through a memory map (virtual memory, not allocated). */
const MMAP_BYTES = 1024 * 1024 * 1024;
/** The reader's own page cache, in KiB. */
const CACHE_KIB = 32 * 1024;

/** Bytes of one copy of the wal-index header; the file starts with two. */
const WAL_HEADER_BYTES = 48;
/** Offset of the header's isInit byte (after iVersion, unused and iChange, 4 bytes each). */
const WAL_HEADER_IS_INIT = 12;

/**
 * The `-shm` file of a database in WAL mode, opened for reading (null otherwise). Opened after the
 * reader connection: while that connection is open SQLite keeps the file (it deletes it only
 * with the last connection), and a database in WAL mode cannot leave it while others have it open.
 */
function openWalIndex(reader: Connection, file: string): number | null {
  const mode = reader.prepare('PRAGMA journal_mode').raw(true).get() as SqlRow | undefined;
  if (String(mode?.[0]).toLowerCase() !== 'wal') return null;
  try {
    return openSync(`${file}-shm`, 'r');
  } catch {
    return null;
  }
}

export function createSqlReader(db: Db): SqlReader {
  let connection: Promise<Connection | null> | undefined;
  const statements = new Map<string, Statement>();
  let fallbackVersion = 0;
  // The wal-index header as read just before the last pragma, and what that pragma answered.
  let walIndex: number | null = null;
  const header = Buffer.alloc(2 * WAL_HEADER_BYTES);
  const seenHeader = Buffer.alloc(WAL_HEADER_BYTES);
  let seenValid = false;
  let seenVersion = 0;

  async function open(): Promise<Connection | null> {
    const [main] = await db.$queryRawUnsafe<{ file: string | null }[]>("SELECT file FROM pragma_database_list WHERE name = 'main'");
    if (!main?.file) return null;
    const reader = new Database(main.file);
    reader.exec('PRAGMA query_only = 1');
    // SQLite's default page cache is 2 MB: at 100k trips the hot pages of the trips table and its
    // search indexes did not fit, and every search paid system calls to read them again. Pages
    // are read through a memory map instead (shared with the OS page cache), plus a larger cache.
    reader.prepare(`PRAGMA mmap_size = ${MMAP_BYTES}`).get(); // it answers a row, which exec() refuses
    reader.exec(`PRAGMA cache_size = -${CACHE_KIB}`);
    walIndex = openWalIndex(reader, main.file);
    return reader;
  }

  // A database file the reader cannot open (locked, unreadable) leaves every read to Prisma, which
  // is correct but ten times slower: said once, so that it is never silent (on 28 Nov a pragma the
  // driver refused had sent every search through Prisma, and only a test noticed).
  const connect = () =>
    (connection ??= open().catch((error: unknown) => {
      process.emitWarning(`SqlReader: reads go through Prisma (${String((error as Error)?.message ?? error)})`);
      return null;
    }));

  function prepared(reader: Connection, sql: string): Statement {
    let statement = statements.get(sql);
    if (!statement) {
      statement = reader.prepare(sql).raw(true);
      if (statements.size >= MAX_STATEMENTS) statements.delete(statements.keys().next().value!);
      statements.set(sql, statement);
    }
    return statement;
  }

  async function viaPrisma(sql: string, params: readonly unknown[]): Promise<SqlRow[]> {
    const rows = await db.$queryRawUnsafe<Record<string, unknown>[]>(sql, ...params);
    return rows.map((row) => Object.values(row).map((value) => (typeof value === 'bigint' ? Number(value) : value)));
  }

  return {
    async rows(sql, params = []) {
      const reader = await connect();
      if (!reader) return viaPrisma(sql, params);
      try {
        return prepared(reader, sql).all(...params) as SqlRow[];
      } catch (error) {
        if (isBusyError(error)) return viaPrisma(sql, params);
        throw error;
      }
    },

    async version() {
      const reader = await connect();
      if (!reader) return ++fallbackVersion;
      // Both copies of the header agree (no write half-way) and equal the one seen before the last
      // pragma: nothing was committed since.
      let whole = false;
      if (walIndex !== null) {
        try {
          whole =
            readSync(walIndex, header, 0, header.length, 0) === header.length &&
            header[WAL_HEADER_IS_INIT] === 1 &&
            header.compare(header, WAL_HEADER_BYTES, 2 * WAL_HEADER_BYTES, 0, WAL_HEADER_BYTES) === 0;
        } catch {
          closeSync(walIndex);
          walIndex = null;
        }
        if (whole && seenValid && header.compare(seenHeader, 0, WAL_HEADER_BYTES, 0, WAL_HEADER_BYTES) === 0) return seenVersion;
      }
      const row = prepared(reader, 'PRAGMA data_version').get() as SqlRow;
      seenVersion = Number(row[0]);
      // The header was read before the pragma: the version is at least as new as it (a commit in
      // between shows as a changed header next time, and the pragma is asked again).
      seenValid = whole;
      if (whole) header.copy(seenHeader, 0, 0, WAL_HEADER_BYTES);
      return seenVersion;
    },
  };
}
