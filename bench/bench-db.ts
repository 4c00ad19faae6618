// The benches' databases: migrations, the OpenStreetMap places and the deterministic seed with N
// trips in a temporary folder (or an already seeded file), plus the same 30 Buenos Aires → Rosario
// trips for tomorrow in every one.
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { todayInArgentina } from '@carpool/contracts';
import { createDb, type Db } from '../apps/mock-api/src/db/client';
import { migrateDeploy } from '../apps/mock-api/src/db/migrate';
import { loadPlaces, seedDatabase } from '@carpool/seed';
import { BUENOS_AIRES, ROSARIO } from './search-mix';

/** Tomorrow in Argentina (the busiest day of the seed). */
export function tomorrow(): string {
  return todayInArgentina(new Date(Date.now() + 86_400_000));
}

const FIXTURE_TEXT = 'Viaje de la prueba de carga: salgo de Palermo hacia el Monumento a la Bandera.';
const FIXTURE_TRIPS = 30;

/**
 * The same 30 public Buenos Aires → Rosario trips for tomorrow (06:00 onwards, every 20 minutes)
 * in every database, unless they are there already: the searched page is full at every size.
 */
async function addSearchFixture(db: Db): Promise<void> {
  if ((await db.trip.count({ where: { description: FIXTURE_TEXT } })) >= FIXTURE_TRIPS) return;
  const drivers = await db.user.findMany({ where: { driver_is_verified: true, banned: false, active: true }, orderBy: { id: 'asc' }, take: FIXTURE_TRIPS });
  const day = tomorrow();
  for (let i = 0; i < FIXTURE_TRIPS; i++) {
    // 06:00 Argentina (UTC−3) plus 20 minutes per trip.
    const tripDate = new Date(Date.parse(`${day}T09:00:00Z`) + i * 20 * 60_000);
    await db.trip.create({
      data: {
        user_id: drivers[i % drivers.length]!.id,
        from_town: 'Buenos Aires',
        to_town: 'Rosario',
        trip_date: tripDate,
        total_seats: 3,
        seats_available: 3,
        friendship_type_id: 2,
        state: 'ready',
        description: FIXTURE_TEXT,
        distance: 390_000,
        estimated_time: '04:00',
        co2: 585,
        origin_lat: BUENOS_AIRES.lat,
        origin_lng: BUENOS_AIRES.lng,
        destination_lat: ROSARIO.lat,
        destination_lng: ROSARIO.lng,
        points: {
          create: [
            { position: 0, address: 'Buenos Aires, Ciudad Autónoma de Buenos Aires, Argentina', ...BUENOS_AIRES },
            { position: 1, address: 'Rosario, Santa Fe, Argentina', ...ROSARIO },
          ],
        },
      },
    });
  }
}

/**
 * A database with `trips` trips (`reuse`: an already seeded file, only migrated and given the
 * fixture), its URL, how long the seed took and a cleanup of the temporary folder.
 */
export async function seeded(trips: number, reuse?: string): Promise<{ url: string; seedMs: number | null; cleanup: () => void }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'carpool-bench-'));
  const url = reuse ? `file:${path.resolve(reuse)}` : `file:${path.join(dir, 'bench.db')}`;
  const started = performance.now();
  await migrateDeploy(url);
  const db = createDb(url);
  let seedMs: number | null = null;
  if (!reuse) {
    await loadPlaces(db);
    const summary = await seedDatabase(db, { trips, uploadsDir: path.join(dir, 'uploads') });
    seedMs = Math.round(performance.now() - started);
    console.log(`seeded ${summary.counts.trips} trips in ${(seedMs / 1000).toFixed(1)} s (migrations + places + seed; seed alone ${(summary.elapsedMs / 1000).toFixed(1)} s)`);
  }
  await addSearchFixture(db);
  await db.$disconnect();
  return { url, seedMs, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A copy of a database file (and its write-ahead log, if any) in `dir`: servers of a bench that must not share one file. */
export function copyDb(file: string, dir: string, name: string): string {
  const copy = path.join(dir, `${name}.db`);
  copyFileSync(file, copy);
  if (existsSync(`${file}-wal`)) copyFileSync(`${file}-wal`, `${copy}-wal`);
  return copy;
}
