import { PrismaLibSQL } from '@prisma/adapter-libsql';
import { PrismaClient, type Prisma } from '@prisma/client';

export type Db = PrismaClient;
/** The client or a transaction's client: repositories work on both. */
export type DbClient = Db | Prisma.TransactionClient;

/** Prisma on SQLite through the libsql driver adapter (the only engine that works offline here). */
export function createDb(url: string): Db {
  return new PrismaClient({ adapter: new PrismaLibSQL({ url }) });
}

/**
 * Connection settings: wait up to 5 s for a lock instead of failing with "database is busy"
 * (a second process on the same file, e.g. the seed CLI), and optionally write-ahead logging,
 * which lets readers go on while a request writes (the long-running server turns it on).
 */
export async function tuneDb(db: Db, { wal = false }: { wal?: boolean } = {}): Promise<void> {
  await db.$queryRawUnsafe('PRAGMA busy_timeout = 5000');
  if (wal) await db.$queryRawUnsafe('PRAGMA journal_mode = WAL');
}
