// Trip search benchmark (issue 4): `npm run bench` from the repository root.
//
// For each database size it builds a temporary database (migrations, places, the deterministic seed
// with N trips), starts the mock API on a free port and drives it with autocannon: the trivial
// GET /api/config, the most common search (origin + destination + date, Buenos Aires → Rosario),
// the same search with every request different (so the server's query-result cache never answers:
// the cost of running the search itself) and the place autocomplete. It prints throughput, p50/p99
// latency and the search/trivial ratios, compares the search p99 at the large size with the small
// one, and prints the seed time. No test asserts these figures.
//
// Settings (environment): BENCH_TRIPS (default 100000), BENCH_SMALL_TRIPS (default 1000, 0 to skip),
// BENCH_DURATION seconds per run (default 10), BENCH_CONNECTIONS (default 10),
// BENCH_DB=<file> reuses an already seeded database for the large size (skips the seed).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';
import { todayInArgentina } from '@carpool/contracts';
import { buildApp } from '../apps/mock-api/src/app';
import { createDb, tuneDb } from '../apps/mock-api/src/db/client';
import { migrateDeploy } from '../apps/mock-api/src/db/migrate';
import { loadPlaces, seedDatabase } from '../prisma/seed/index';

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

type Row = { size: number; route: string; rps: number; p50: number; p99: number; errors: number };

async function seeded(trips: number, reuse?: string): Promise<{ url: string; seedMs: number | null; cleanup: () => void }> {
  if (reuse) {
    const url = `file:${path.resolve(reuse)}`;
    await migrateDeploy(url);
    return { url, seedMs: null, cleanup: () => {} };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'carpool-bench-'));
  const url = `file:${path.join(dir, 'bench.db')}`;
  const started = performance.now();
  await migrateDeploy(url);
  const db = createDb(url);
  await loadPlaces(db);
  const summary = await seedDatabase(db, { trips, uploadsDir: path.join(dir, 'uploads') });
  await db.$disconnect();
  const seedMs = Math.round(performance.now() - started);
  console.log(`seeded ${summary.counts.trips} trips in ${(seedMs / 1000).toFixed(1)} s (migrations + places + seed; seed alone ${(summary.elapsedMs / 1000).toFixed(1)} s)`);
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
  // Autocannon runs in a worker thread so the load generator does not share the server's thread.
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
  };
}

async function runSize(trips: number, reuse?: string): Promise<{ rows: Row[]; seedMs: number | null }> {
  console.log(`\n== ${trips.toLocaleString('en')} trips ==`);
  const db = await seeded(trips, reuse);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'carpool-bench-data-'));
  // As src/server.ts runs it: one client, write-ahead logging on.
  const client = createDb(db.url);
  await tuneDb(client, { wal: true });
  const app = await buildApp({ env: { databaseUrl: db.url, dataDir, mockControls: false }, db: client, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const base = `http://127.0.0.1:${address.port}`;
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
    await app.close();
    await client.$disconnect();
    rmSync(dataDir, { recursive: true, force: true });
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
  console.table(rows.map((r) => ({ trips: r.size, route: r.route, 'req/s': r.rps, 'p50 ms': r.p50, 'p99 ms': r.p99, errors: r.errors })));
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
    }
  }
  const largeSeed = seedTimes[LARGE];
  if (largeSeed) console.log(`seed time for ${LARGE.toLocaleString('en')} trips: ${(largeSeed / 1000).toFixed(1)} s (target ≤ 30 s)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
