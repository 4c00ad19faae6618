// Trip search benchmark (issue 4): `npm run bench` from the repository root.
//
// For each database size it builds a temporary database (migrations, places, the deterministic seed
// with N trips), adds the same 30 public Buenos Aires → Rosario trips for tomorrow to every size (so
// the searched page holds 20 trips at every size and only the size of the table differs), starts
// the mock API in its own process as `npm start` does, and drives it with autocannon from this
// process: the trivial GET /api/config, the most common search (origin + destination + date,
// Buenos Aires → Rosario), the same search with every request different (so no cache of the server
// answers: the cost of running the search itself) and the place autocomplete. It prints
// throughput, p50/p99 latency (under load, and one request at a time to the microsecond) and the
// search/trivial ratios, compares the search p99 at the large size with the small one, and prints
// the seed time. No test asserts these figures.
//
// Settings (environment): BENCH_TRIPS (default 100000), BENCH_SMALL_TRIPS (default 1000, 0 to skip),
// BENCH_DURATION seconds per run (default 10), BENCH_CONNECTIONS (default 10), BENCH_SEQUENTIAL
// requests one at a time per route (default 2000), BENCH_DB=<file> reuses an already seeded
// database for the large size (skips the seed).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';
import { todayInArgentina } from '@carpool/contracts';
import { createDb, type Db } from '../apps/mock-api/src/db/client';
import { migrateDeploy } from '../apps/mock-api/src/db/migrate';
import { loadPlaces, seedDatabase } from '../prisma/seed/index';
import { startMockApi } from './mock-api-process';


const LARGE = Number(process.env.BENCH_TRIPS ?? 100_000);
const SMALL = Number(process.env.BENCH_SMALL_TRIPS ?? 1_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

// Buenos Aires → Rosario, the busiest pair of the seed; tomorrow (Argentina), the busiest day.
const BUENOS_AIRES = { lat: -34.60757, lng: -58.43709 };
const ROSARIO = { lat: -32.9595, lng: -60.66154 };

function tomorrow(): string {
  return todayInArgentina(new Date(Date.now() + 86_400_000));
}

const SEARCH_ROUTE = 'GET /api/trips (BA → Rosario, date)';
const COLD_ROUTE = 'GET /api/trips (same, never repeated)';

type Row = { size: number; route: string; rps: number; p50: number; p99: number; errors: number; one?: { p50: number; p99: number } };

/** Requests one at a time (one connection), each timed to the microsecond. */
const SEQUENTIAL_REQUESTS = Number(process.env.BENCH_SEQUENTIAL ?? 2_000);

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

async function seeded(trips: number, reuse?: string): Promise<{ url: string; seedMs: number | null; cleanup: () => void }> {
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

const COLD_REQUEST = path.join(path.dirname(fileURLToPath(import.meta.url)), 'cold-search-request.cjs');

async function hit(base: string, route: string, pathAndQuery: string, cold?: { originLat: number }): Promise<Omit<Row, 'size'>> {
  const url = base + pathAndQuery;
  const check = await fetch(url);
  if (!check.ok) throw new Error(`${route}: ${check.status} ${await check.text()}`);
  const body = (await check.json()) as { data?: unknown[]; nodes_geos?: unknown[]; meta?: { pagination: { total: number } } };
  const items = body.data?.length ?? body.nodes_geos?.length;
  console.log(`  ${route}: ${items === undefined ? 'ok' : `${items} items`}${body.meta ? ` of ${body.meta.pagination.total}` : ''}, running ${DURATION} s...`);
  // The server runs in its own process; autocannon's worker thread runs the cold requests' setup.
  if (cold) {
    process.env.BENCH_COLD_PATH = pathAndQuery.replace(/&?origin_lat=[^&]*/, '');
    process.env.BENCH_COLD_ORIGIN_LAT = String(cold.originLat);
  }
  const result: Result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    workers: 1,
    ...(cold ? { requests: [{ setupRequest: COLD_REQUEST }] } : {}),
  });
  return {
    route,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    one: await sequential(base, pathAndQuery, cold),
  };
}

/**
 * The same requests one after another on one connection: latency without queueing, to the
 * microsecond (autocannon's percentiles are whole milliseconds, too coarse to compare 2 ms with 3).
 */
async function sequential(base: string, pathAndQuery: string, cold?: { originLat: number }): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  for (let i = 0; i < SEQUENTIAL_REQUESTS; i++) {
    const target = cold ? `${pathAndQuery.replace(/&?origin_lat=[^&]*/, '')}&origin_lat=${(cold.originLat - (i + 1) * 1e-9).toFixed(9)}` : pathAndQuery;
    const started = performance.now();
    const answer = await fetch(base + target);
    await answer.arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Number(times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2));
  return { p50: at(0.5), p99: at(0.99) };
}

async function runSize(trips: number, reuse?: string): Promise<{ rows: Row[]; seedMs: number | null }> {
  console.log(`\n== ${trips.toLocaleString('en')} trips ==`);
  const db = await seeded(trips, reuse);
  const server = await startMockApi({ DATABASE_URL: db.url });
  const { base } = server;
  const search = new URLSearchParams({
    origin_lat: String(BUENOS_AIRES.lat),
    origin_lng: String(BUENOS_AIRES.lng),
    destination_lat: String(ROSARIO.lat),
    destination_lng: String(ROSARIO.lng),
    date: tomorrow(),
    is_passenger: 'false',
    page: '1',
    page_size: '20',
  });
  const rows: Row[] = [];
  try {
    rows.push({ size: trips, ...(await hit(base, 'GET /api/config (trivial)', '/api/config')) });
    rows.push({ size: trips, ...(await hit(base, SEARCH_ROUTE, `/api/trips?${search}`)) });
    rows.push({ size: trips, ...(await hit(base, COLD_ROUTE, `/api/trips?${search}`, { originLat: BUENOS_AIRES.lat })) });
    rows.push({ size: trips, ...(await hit(base, 'GET /api/trips/autocomplete (cor)', '/api/trips/autocomplete?name=cor')) });
  } finally {
    await server.stop();
    db.cleanup();
  }
  return { rows, seedMs: db.seedMs };
}

async function main() {
  console.log(`Trip search benchmark: ${CONNECTIONS} connections, ${DURATION} s per route, Node ${process.version}, ${os.cpus().length} CPUs`);
  const rows: Row[] = [];
  const seedTimes: Record<number, number | null> = {};
  for (const [size, reuse] of [[SMALL, undefined], [LARGE, process.env.BENCH_DB]] as const) {
    if (size <= 0) continue;
    const result = await runSize(size, reuse);
    rows.push(...result.rows);
    seedTimes[size] = result.seedMs;
  }

  console.log('\nResults');
  console.table(
    rows.map((r) => ({
      trips: r.size,
      route: r.route,
      'req/s': r.rps,
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      errors: r.errors,
      'one at a time p50 ms': r.one?.p50,
      'one at a time p99 ms': r.one?.p99,
    })),
  );
  const find = (size: number, route: string) => rows.find((r) => r.size === size && r.route === route);
  for (const size of [SMALL, LARGE]) {
    const trivial = rows.find((r) => r.size === size && r.route.includes('trivial'));
    if (!trivial) continue;
    for (const route of [SEARCH_ROUTE, COLD_ROUTE]) {
      const search = find(size, route);
      if (search) console.log(`${size.toLocaleString('en')} trips: ${route} / trivial throughput = ${((search.rps / trivial.rps) * 100).toFixed(1)} % (target ≥ 30 %)`);
    }
  }
  for (const route of [SEARCH_ROUTE, COLD_ROUTE]) {
    const small = find(SMALL, route);
    const large = find(LARGE, route);
    if (small && large) {
      console.log(`${route}: p99 at ${LARGE.toLocaleString('en')} / at ${SMALL.toLocaleString('en')} trips = ${large.p99} / ${small.p99} ms = ${(large.p99 / Math.max(1, small.p99)).toFixed(2)} (target ≤ 1.5)`);
      if (large.one && small.one) {
        // One at a time, a single pause (garbage collection, the scheduler of a shared machine) is
        // already a p99: the p50 shows the search's own cost.
        const ratio = (a: number, b: number) => (a / b).toFixed(2);
        console.log(
          `${route}, one at a time: p50 ${large.one.p50} / ${small.one.p50} ms = ${ratio(large.one.p50, small.one.p50)}, ` +
            `p99 ${large.one.p99} / ${small.one.p99} ms = ${ratio(large.one.p99, small.one.p99)} (at ${LARGE.toLocaleString('en')} / at ${SMALL.toLocaleString('en')} trips)`,
        );
      }
    }
  }
  const largeSeed = seedTimes[LARGE];
  if (largeSeed) console.log(`seed time for ${LARGE.toLocaleString('en')} trips: ${(largeSeed / 1000).toFixed(1)} s (target ≤ 30 s)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
