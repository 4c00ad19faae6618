// Seeds the database: `tsx prisma/seed.ts [--trips N] [--users N] [--reset] [--now ISO-DATE]`.
// Same defaults as the mock API: DATA_DIR (default apps/mock-api/var) holds carpool.db and uploads/;
// DATABASE_URL and UPLOADS_DIR override the database and the avatars folder. The database must be
// migrated already (`npx prisma migrate deploy`); the server does that at start-up.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PrismaLibSQL } from '@prisma/adapter-libsql';
import { PrismaClient } from '@prisma/client';
import { DEFAULT_TRIPS, DEFAULT_USERS, seedDatabase, wipeDatabase } from './seed/index';

const root = path.resolve(import.meta.dirname, '..');

function positiveInt(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} needs a whole number, got "${value}"`);
  return n;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      trips: { type: 'string' },
      users: { type: 'string' },
      reset: { type: 'boolean', default: false },
      now: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log('Usage: tsx prisma/seed.ts [--trips N] [--users N] [--reset] [--now 2026-01-01T12:00:00Z]');
    return;
  }
  const trips = positiveInt(values.trips, 'trips', DEFAULT_TRIPS);
  const users = positiveInt(values.users, 'users', DEFAULT_USERS);
  const now = values.now ? new Date(values.now) : undefined;
  if (now && Number.isNaN(now.getTime())) throw new Error(`--now is not a date: "${values.now}"`);

  const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(root, 'apps/mock-api/var'));
  const url = process.env.DATABASE_URL ?? `file:${path.join(dataDir, 'carpool.db')}`;
  if (url.startsWith('file:')) {
    const file = url.startsWith('file://') ? fileURLToPath(url) : url.slice('file:'.length);
    mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  }
  const uploadsDir = path.resolve(process.env.UPLOADS_DIR ?? path.join(dataDir, 'uploads'));

  const prisma = new PrismaClient({ adapter: new PrismaLibSQL({ url }) });
  try {
    const migrated = await prisma.$queryRawUnsafe<unknown[]>("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'users'");
    if (migrated.length === 0) {
      throw new Error(`${url} has no tables: run \`DATABASE_URL=${url} npx prisma migrate deploy\` first`);
    }
    if (values.reset) {
      await wipeDatabase(prisma);
      console.log('database wiped');
    }
    const summary = await seedDatabase(prisma, {
      trips,
      users,
      uploadsDir,
      ...(now ? { now } : {}),
      log: (line) => console.log(line),
    });
    const counts = Object.entries(summary.counts)
      .map(([table, n]) => `${table} ${n}`)
      .join(', ');
    console.log(`${summary.seeded ? 'seeded' : 'unchanged'} in ${summary.elapsedMs} ms: ${counts}`);
  } finally {
    await prisma.$disconnect();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
