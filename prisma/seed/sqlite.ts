import { createRequire } from 'node:module';
import type LibsqlDatabase from 'libsql';

/**
 * The libsql driver that Prisma's adapter runs on (through @libsql/client), for the connections
 * the app opens beside Prisma's: the mock API's read-only SqlReader (apps/mock-api/src/read-model/sql-reader.ts)
 * and the seed's bulk writes (sql.ts).
 *
 * Why not `import 'libsql'`: npm installs two copies of the driver, each with SQLite built in
 * (@prisma/adapter-libsql pins @libsql/client 0.8, on libsql 0.3 and SQLite 3.44; our own
 * @libsql/client 0.15 brings libsql 0.5 and SQLite 3.45). Two copies of SQLite in one process do
 * not see each other's connections, and SQLite's file locks cannot tell them apart either (POSIX
 * locks belong to the process; sqlite.org/howtocorrupt.html, 2.2.1). So when the seed's own
 * connection of the other copy closed on a database in WAL mode, it found no other connection,
 * checkpointed, and deleted the -wal and -shm files under Prisma's open connection: Prisma's next
 * write failed with SQLITE_IOERR_SHORT_READ (caught by apps/mock-api/src/security/crash.test.ts). With one
 * copy, SQLite knows every connection of the process, and the last one to close is really the last.
 */
const fromAdapter = createRequire(createRequire(import.meta.url).resolve('@prisma/adapter-libsql'));
const fromClient = createRequire(fromAdapter.resolve('@libsql/client'));

export const Database = fromClient('libsql') as typeof LibsqlDatabase;
export type Connection = LibsqlDatabase.Database;
export type Statement = LibsqlDatabase.Statement;

/** Another connection holds the lock this statement needs (the driver's error, or Prisma's around it). */
export function isBusyError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') return true;
  return /SQLITE_BUSY|SQLITE_LOCKED|database is locked/i.test(String((error as Error | null)?.message ?? error));
}
