import { existsSync } from 'node:fs';
import path from 'node:path';
// The Spanish locale's own entry (with the English and base fallbacks the package's fakerES has, so
// the same draws): the package's main entry loads every locale, 17 MB of the server's heap for as
// long as it runs, against 3 MB.
import { faker as fakerES } from '@faker-js/faker/locale/es';
import type { PrismaClient } from '@prisma/client';
import bcrypt from 'bcryptjs';
import { avatarFileName, writeAvatars } from './avatars';
import { insertCatalogue } from './catalogue';
import { buildDemoStory, buildDemoTripTemplates } from './demo';
import { buildRatingsDemo } from './ratings';
import { SeedState } from './model';
import { buildFriends, buildUsers, DEMO_ACCOUNTS, DEMO_PASSWORD, type Taken } from './people';
import { insertPlaces } from './places';
import { Rand } from './random';
import { PlacePools, TripCalendar } from './routes';
import { toTableRows } from './rows';
import { buildDemoFriendRequests } from './social-demo';
import { buildConversations, buildDevicesAndDonations, buildNotifications, buildReferences, buildRatings, buildSubscriptions } from './social';
import { bulkTransaction, countRows, insertRows, listTables, withIndexesDeferred, type BulkDb, type RawDb } from './sql';
import { buildRandomTrips } from './trips';

export type SeedOptions = {
  /** Trips in total, demo trips included (default 2,000; the demo story alone has 13). */
  trips?: number;
  /** Users in total, demo accounts included (default 220, at least 16). */
  users?: number;
  /** Every date is relative to this moment (default: the current time). */
  now?: Date;
  /** Avatars are written to `${uploadsDir}/profile/`. */
  uploadsDir: string;
  log?: (line: string) => void;
};

export type SeedSummary = {
  /** False when the database was already seeded and nothing was written. */
  seeded: boolean;
  /** Rows per table after the seed. */
  counts: Record<string, number>;
  elapsedMs: number;
};

export const DEFAULT_TRIPS = 2000;
export const DEFAULT_USERS = 220;
const FAKER_SEED = 20_261_122;
/** A fixed bcrypt salt keeps the seed byte-for-byte deterministic (the password is public anyway). */
const BCRYPT_SALT = '$2b$10$CarpoolDemoSeedSalt000';

const ID_TABLES = [
  'users', 'cars', 'trips', 'trips_points', 'trip_passengers', 'conversations', 'messages', 'notifications',
  'rates', 'users_references', 'subscriptions', 'donations', 'users_devices', 'payments', 'uploaded_files',
] as const;

/**
 * The change logs of the trip search index (apps/mock-api/src/read-model/trip-search-index.ts) and
 * of the trip answers kept (apps/mock-api/src/read-model/kept-answers.ts): a wipe empties them last but
 * keeps their numbering, so a running server sees that changes it never read are gone (and reads
 * everything again) instead of a log that restarted from 1.
 */
const CHANGE_LOGS: readonly string[] = ['trip_search_changes', 'trip_answer_changes'];
const isChangeLog = (table: string) => CHANGE_LOGS.includes(table);

/** Children before parents, so that no delete has to cascade. Unknown tables go last. */
const WIPE_ORDER = [
  'message_reads', 'messages', 'conversations_users', 'conversations', 'subscription_matches', 'subscriptions',
  'payments', 'rates', 'trip_passengers', 'trips_points', 'donations', 'trips', 'cars', 'friends',
  'notifications', 'users_references', 'users_devices', 'uploaded_files', 'password_resets', 'trip_creation_templates', 'users',
  'places', 'mail_outbox', 'logs',
];

export async function tableCounts(db: RawDb): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await listTables(db)) if (!isChangeLog(table)) counts[table] = await countRows(db, table);
  return counts;
}

async function maxIds(db: RawDb): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const table of ID_TABLES) {
    const rows = await db.$queryRawUnsafe<{ id: number | bigint | null }[]>(`SELECT MAX(id) AS id FROM "${table}"`);
    ids[table] = Number(rows[0]?.id ?? 0);
  }
  return ids;
}

async function takenValues(prisma: PrismaClient): Promise<Taken> {
  const users = await prisma.user.findMany({ select: { email: true, nro_doc: true, mobile_phone: true } });
  const cars = await prisma.car.findMany({ select: { patente: true } });
  return {
    emails: new Set(users.map((u) => u.email)),
    docs: new Set(users.flatMap((u) => (u.nro_doc ? [u.nro_doc] : []))),
    phones: new Set(users.flatMap((u) => (u.mobile_phone ? [u.mobile_phone] : []))),
    patentes: new Set(cars.map((c) => c.patente)),
  };
}

/** Writes back seeded avatars missing from the uploads folder (the database keeps pointing at them). */
async function restoreAvatars(prisma: PrismaClient, uploadsDir: string): Promise<number> {
  const users = await prisma.user.findMany({
    where: { image: { startsWith: 'seed-avatar-' } },
    select: { id: true, name: true, image: true },
  });
  const missing = users.filter(
    (u) => u.image === avatarFileName(u.id) && !existsSync(path.join(uploadsDir, 'profile', u.image)),
  );
  return writeAvatars(uploadsDir, missing);
}

/**
 * Fills an empty (migrated) database with the places and a deterministic demo world. Idempotent:
 * if a demo account exists the database is left as it is.
 */
export async function seedDatabase(prisma: PrismaClient, options: SeedOptions): Promise<SeedSummary> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const elapsed = () => Math.round(performance.now() - started);

  const demoEmails = Object.values(DEMO_ACCOUNTS).map((a) => a.email);
  const existing = await prisma.user.count({ where: { email: { in: demoEmails } } });
  if (existing > 0) {
    const restored = await restoreAvatars(prisma, options.uploadsDir);
    log(`already seeded (demo accounts found): nothing to do${restored ? `, ${restored} avatars restored` : ''}`);
    return { seeded: false, counts: await tableCounts(prisma), elapsedMs: elapsed() };
  }

  const now = options.now ?? new Date();
  // Re-seeds the shared fakerES instance: every run draws the same sequence (nothing else in the
  // server uses faker).
  fakerES.seed(FAKER_SEED);
  const state = new SeedState(new Rand(fakerES), now, await maxIds(prisma));
  const pools = new PlacePools();
  const demo = buildUsers(state, pools, await takenValues(prisma), options.users ?? DEFAULT_USERS);
  buildFriends(state, demo);
  const demoTrips = buildDemoStory(state, pools, demo);
  buildRandomTrips(state, pools, new TripCalendar(state), (options.trips ?? DEFAULT_TRIPS) - state.trips.length);
  buildRatings(state);
  buildConversations(state, demo, demoTrips);
  buildSubscriptions(state, pools, demo);
  buildReferences(state, demo);
  buildDevicesAndDonations(state, demo);
  buildRatingsDemo(state, demo, demoTrips);
  buildDemoFriendRequests(state, demo);
  buildDemoTripTemplates(state, demo, demoTrips);
  buildNotifications(state);
  const tables = toTableRows(state, bcrypt.hashSync(DEMO_PASSWORD, BCRYPT_SALT));
  log(`built ${state.users.length} users and ${state.trips.length} trips in ${elapsed()} ms`);

  const load = async (tx: BulkDb) => {
    const places = await insertPlaces(tx);
    if (places) log(`places: ${places} rows`);
    log(`car catalogue and changelogs: ${await insertCatalogue(tx)} rows`);
    for (const [table, rows] of tables) {
      const inserted = await withIndexesDeferred(tx, table, () => insertRows(tx, table, rows));
      log(`${table}: ${inserted} rows (${elapsed()} ms)`);
    }
  };
  // One transaction: a failure leaves the database as it was.
  await bulkTransaction(prisma, load);
  await writeAvatars(options.uploadsDir, state.users);
  log(`avatars: ${state.users.length} files in ${path.join(options.uploadsDir, 'profile')}`);

  const counts = await tableCounts(prisma);
  return { seeded: true, counts, elapsedMs: elapsed() };
}

/** Deletes every row of every table (not the migration history) and restarts the ids (not the change logs'). */
export async function wipeDatabase(prisma: PrismaClient): Promise<void> {
  const all = await listTables(prisma);
  const tables = all.filter((table) => !isChangeLog(table));
  const ordered = [...WIPE_ORDER.filter((t) => tables.includes(t)), ...tables.filter((t) => !WIPE_ORDER.includes(t))];
  await prisma.$transaction(
    async (tx) => {
      // The change logs last: the deletions above append to them.
      for (const table of [...ordered, ...all.filter(isChangeLog)]) await tx.$executeRawUnsafe(`DELETE FROM "${table}"`);
      const sequence = await tx.$queryRawUnsafe<unknown[]>("SELECT name FROM sqlite_master WHERE name = 'sqlite_sequence'");
      if (sequence.length > 0) {
        await tx.$executeRawUnsafe(`DELETE FROM sqlite_sequence WHERE name NOT IN (${CHANGE_LOGS.map(() => '?').join(', ')})`, ...CHANGE_LOGS);
      }
    },
    { maxWait: 60_000, timeout: 10 * 60_000 },
  );
}
