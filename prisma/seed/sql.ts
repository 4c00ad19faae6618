// Bulk inserts as multi-row INSERT statements with inlined literals: one statement per chunk is
// far faster than a round trip per row through the driver adapter.

export type SqlValue = string | number | boolean | null | Date;
export type Row = Record<string, SqlValue>;

/** What the seed needs from a PrismaClient or a transaction client. */
export type RawDb = {
  $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number>;
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
};

/** Prisma's own text format for DateTime columns on SQLite. */
export function isoDate(date: Date): string {
  return date.toISOString().replace('Z', '+00:00');
}

export function literal(value: SqlValue): string {
  if (value === null) return 'NULL';
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return String(value);
  }
  if (value instanceof Date) return `'${isoDate(value)}'`;
  return `'${value.replaceAll("'", "''")}'`;
}

/** Inserts rows (all with the columns of the first) in chunks; returns how many. */
export async function insertRows(db: RawDb, table: string, rows: Iterable<Row>, chunkSize = 500): Promise<number> {
  let head = '';
  let columns: string[] = [];
  let values: string[] = [];
  let count = 0;
  const flush = async () => {
    if (values.length > 0) await db.$executeRawUnsafe(head + values.join(',\n'));
    values = [];
  };
  for (const row of rows) {
    if (count === 0) {
      columns = Object.keys(row);
      head = `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES `;
    }
    values.push(`(${columns.map((c) => literal(row[c] ?? null)).join(', ')})`);
    count++;
    if (values.length >= chunkSize) await flush();
  }
  await flush();
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
