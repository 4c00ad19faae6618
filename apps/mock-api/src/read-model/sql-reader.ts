import type { Db } from '../db/client';
import { Database, isBusyError, type Connection, type Statement } from '@carpool/seed/sqlite';

/** A row as a list of column values, in the order of the SELECT. */
export type SqlRow = unknown[];

/**
 * Read-only SQL for the hot paths (trip search, trip cards, places), on a second connection to
 * the database file the Prisma client uses.
 *
 * Why: a raw query through Prisma carries a fixed overhead per call, and `findMany` with the trip
 * relations builds objects the answers do not need; a cached prepared statement of the libsql driver
 * reads the same rows directly. Writes stay on Prisma. Each statement runs to the end
 * synchronously, so this connection never holds a lock across an await.
 *
 * `version()` is SQLite's `PRAGMA data_version` on this connection: it changes whenever another
 * connection (Prisma, i.e. every write of the app, or another process) has committed, which is what
 * the caches of the read model compare. For an in-memory database, or when the file is locked, the
 * same SQL goes through Prisma and every version is new (nothing is kept).
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

export function createSqlReader(db: Db): SqlReader {
  let connection: Promise<Connection | null> | undefined;
  const statements = new Map<string, Statement>();
  let fallbackVersion = 0;

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
    return reader;
  }

  // A database file the reader cannot open (locked, unreadable) leaves every read to Prisma, which
  // is correct but much slower: said once, so that it is never silent.
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
      const row = prepared(reader, 'PRAGMA data_version').get() as SqlRow;
      return Number(row[0]);
    },
  };
}
