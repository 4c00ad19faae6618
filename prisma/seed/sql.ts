// Bulk inserts for the seed: one transaction on a connection of the libsql driver of its own,
// with one multi-row INSERT prepared per table and run again and again (bulkTransaction).
import { Database, isBusyError } from './sqlite';

export type SqlValue = string | number | boolean | null | Date;
export type Row = Record<string, SqlValue>;

/** What the seed reads through a PrismaClient, a transaction client or its own connection. */
export type RawDb = {
  $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number>;
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
};

/** The seed's own connection (bulkTransaction): a RawDb that can also prepare a statement once. */
export type BulkDb = RawDb & { prepare(query: string): { run(values: unknown[]): unknown } };

/** Prisma's own text format for DateTime columns on SQLite. */
export function isoDate(date: Date): string {
  return date.toISOString().replace('Z', '+00:00');
}

/** Rows per INSERT on a driver connection (the fastest in a measure of 10 to 500 at 100k trips). */
const PREPARED_ROWS = 20;

/** A value as the driver binds it: booleans as 0 or 1, dates in Prisma's text format. */
function bindable(value: SqlValue): string | number | null {
  if (value === null || typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return value;
  }
  return isoDate(value);
}

function insertHead(table: string, columns: string[]): string {
  return `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES `;
}

/**
 * Inserts rows (all with the columns of the first); returns how many. One INSERT of PREPARED_ROWS
 * rows of placeholders is prepared once and run for every full chunk, the values bound: a statement
 * with its values written out would be compiled by SQLite anew for every chunk.
 */
export async function insertRows(db: BulkDb, table: string, rows: Iterable<Row>): Promise<number> {
  let columns: string[] = [];
  let statement: { run(values: unknown[]): unknown } | undefined;
  const placeholders = (n: number) => Array.from({ length: n }, () => `(${columns.map(() => '?').join(', ')})`).join(', ');
  let values: (string | number | null)[] = [];
  let inChunk = 0;
  let count = 0;
  for (const row of rows) {
    if (count === 0) {
      columns = Object.keys(row);
      statement = db.prepare(insertHead(table, columns) + placeholders(PREPARED_ROWS));
    }
    for (const c of columns) values.push(bindable(row[c] ?? null));
    count++;
    if (++inChunk === PREPARED_ROWS) {
      statement!.run(values);
      values = [];
      inChunk = 0;
    }
  }
  if (inChunk > 0) db.prepare(insertHead(table, columns) + placeholders(inChunk)).run(values);
  return count;
}

/**
 * Runs a bulk load of `table` with its secondary indexes dropped and built again afterwards, when
 * the table is empty: SQLite builds an index from sorted rows much faster than it updates it
 * insert by insert. The indexes are re-created from their own SQL in sqlite_master, so the
 * migrations stay their only definition. Inside the caller's transaction, a failure drops nothing.
 */
export async function withIndexesDeferred<T>(db: RawDb, table: string, load: () => Promise<T>): Promise<T> {
  if ((await countRows(db, table)) > 0) return load();
  const indexes = await db.$queryRawUnsafe<{ name: string; sql: string }[]>(
    "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL",
    table,
  );
  for (const index of indexes) await db.$executeRawUnsafe(`DROP INDEX "${index.name}"`);
  const result = await load();
  for (const index of indexes) await db.$executeRawUnsafe(index.sql);
  return result;
}

export async function countRows(db: RawDb, table: string): Promise<number> {
  const result = await db.$queryRawUnsafe<{ n: number | bigint }[]>(`SELECT COUNT(*) AS n FROM "${table}"`);
  return Number(result[0]?.n ?? 0);
}

/** Application tables (every table but SQLite's own and Prisma's migration log). */
export async function listTables(db: RawDb): Promise<string[]> {
  const result = await db.$queryRawUnsafe<{ name: string }[]>(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_prisma%' ESCAPE '\\' ORDER BY name",
  );
  return result.map((r) => r.name);
}

/**
 * Runs `work` in one write transaction on a connection of the libsql driver of its own to the
 * file of `prisma`'s database, so that the rows can go through prepared statements (Prisma's
 * driver adapter has none to reuse). `work` rolls back whole if it fails.
 *
 * The driver runs every statement synchronously, so SQLite's own busy wait would stop the whole
 * process: on the running server (/__mock/reset), an interactive Prisma transaction of another
 * request that holds the write lock could then never finish, and the seed would fail after
 * `busyMs` having blocked every request. So the write lock is asked for without waiting, again
 * every 20 ms between other work, for up to `busyMs`. Once it is held, the work runs to the end
 * without giving the event loop a turn (every statement is synchronous), so nothing of this
 * process writes in between; another process (the seed CLI beside a server) is waited for.
 */
export async function bulkTransaction<T>(prisma: RawDb, work: (db: BulkDb) => Promise<T>, busyMs = 5000): Promise<T> {
  const [main] = await prisma.$queryRawUnsafe<{ file: string | null }[]>("SELECT file FROM pragma_database_list WHERE name = 'main'");
  if (!main?.file) throw new Error('the seed writes a database file; this database is in memory');
  const connection = new Database(main.file);
  try {
    await beginImmediate(connection, busyMs);
    // A pragma answers a row, which exec() refuses.
    connection.prepare(`PRAGMA busy_timeout = ${busyMs}`).get();
    const db: BulkDb = {
      prepare: (query) => connection.prepare(query),
      async $executeRawUnsafe(query, ...values) {
        return Number(connection.prepare(query).run(...values).changes);
      },
      async $queryRawUnsafe<R>(query: string, ...values: unknown[]) {
        return connection.prepare(query).all(...values) as R;
      },
    };
    try {
      const result = await work(db);
      connection.exec('COMMIT');
      return result;
    } catch (error) {
      if (connection.inTransaction) connection.exec('ROLLBACK');
      throw error;
    }
  } finally {
    connection.close();
  }
}

async function beginImmediate(connection: InstanceType<typeof Database>, busyMs: number): Promise<void> {
  connection.prepare('PRAGMA busy_timeout = 0').get();
  const deadline = Date.now() + busyMs;
  for (;;) {
    try {
      connection.exec('BEGIN IMMEDIATE');
      return;
    } catch (error) {
      if (!isBusyError(error) || Date.now() >= deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
