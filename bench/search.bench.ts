// The trip search, the trip page and the autocomplete at 100k trips, and the issue's two floors:
// `npm run bench` from the repository root (bench/README.md).
//
// It seeds a temporary database (migrations, places, the deterministic seed with BENCH_TRIPS trips,
// plus the same 30 Buenos Aires → Rosario trips for tomorrow, bench-db.ts), starts the mock API in
// its own process as `npm start` does and drives it with autocannon from this process. Each route is
// measured in turn with GET /api/config on the same server (BENCH_SLICES slices of each, the first
// second of every slice not counted): a shared machine's speed drifts over minutes, and a ratio of
// two routes measured a minute apart carries that drift. Then BENCH_SOAK_SECONDS of mixed load
// (searches, trip pages, autocomplete) and the server's resident memory after it.
//
// The floors: the varied search mix keeps at least 30 % of GET /api/config's throughput, and the
// server's resident memory stays at or under 700 MB after five minutes of mixed load, both at 100k
// trips. Latencies are printed, never judged: on a shared two-core machine the tail measures the machine.
//
// Settings (environment): BENCH_TRIPS (default 100000), BENCH_DB=<file> an already seeded database
// (skips the seed), BENCH_CONNECTIONS (default 20), BENCH_SLICES (default 5) and BENCH_SLICE_SECONDS
// (default 3), BENCH_SOAK_SECONDS (default 300).
import os from 'node:os';
import autocannon from 'autocannon';
import { createDb } from '../apps/mock-api/src/db/client';
import { seeded } from './bench-db';
import { measuredRun, type LoadOptions } from './load';
import { startMockApi, type MockApiProcess } from './mock-api-process';
import { searchMix, type Paths } from './search-mix';
import { percentile } from './stats';

const TRIPS = Number(process.env.BENCH_TRIPS ?? 100_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SLICES = Number(process.env.BENCH_SLICES ?? 5);
const SLICE_SECONDS = Number(process.env.BENCH_SLICE_SECONDS ?? 3);
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 300);

/** The issue's floors, judged at these settings. */
const FLOORS = { trips: 100_000, mixShareOfConfig: 0.3, soakSeconds: 300, residentMb: 700 };

const PREFIXES = ['cor', 'ros', 'men', 'sal', 'mar', 'bue', 'san', 'neu', 'tuc', 'par', 'pos', 'bah', 'la p', 'res', 'jun', 'río'];

type Route = { name: string; paths: Paths; headers?: Record<string, string> };

type InTurn = { route: string; rps: number; configRps: number; p50: number; p99: number; cpuMs: number; configCpuMs: number; meanBytes: number; errors: number };

/** Public upcoming trips the trip page opens one after another (read before the server starts). */
async function publicTripIds(url: string): Promise<number[]> {
  const db = createDb(url);
  const rows = await db.trip.findMany({
    where: { friendship_type_id: 2, deleted_at: null, hidden: false, state: 'ready', trip_date: { gt: new Date() }, user: { banned: false } },
    select: { id: true },
    orderBy: { id: 'asc' },
    take: 20_000,
  });
  await db.$disconnect();
  return rows.map((row) => row.id);
}

async function login(base: string): Promise<Record<string, string>> {
  const answer = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'pasajera@carpool.ar', password: 'carpool123' }),
  });
  if (!answer.ok) throw new Error(`login: ${answer.status} ${await answer.text()}`);
  const { token } = (await answer.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

/** Fails early, with the server's answer, when a route does not answer 200. */
async function check(server: MockApiProcess, route: Route): Promise<void> {
  const answer = await fetch(server.base + route.paths(0), { headers: route.headers });
  if (!answer.ok) throw new Error(`${route.name}: ${answer.status} ${await answer.text()}`);
}

/**
 * A route and GET /api/config on the same server in turn, SLICES slices of each of equal length:
 * the ratio of their answers is the ratio of their throughputs over the same minutes.
 */
async function withConfig(server: MockApiProcess, route: Route, from: number): Promise<InTurn> {
  await check(server, route);
  const options: LoadOptions = { connections: CONNECTIONS, seconds: SLICE_SECONDS, settleSeconds: 1 };
  const sums = { config: { answers: 0, cpu: 0 }, route: { answers: 0, cpu: 0, bytes: 0, errors: 0 } };
  const times: number[] = [];
  let next = from;
  for (let slice = 0; slice < SLICES; slice++) {
    const config = await measuredRun(server, () => '/api/config', 0, options);
    sums.config.answers += config.answers;
    sums.config.cpu += config.cpuMs;
    const run = await measuredRun(server, route.paths, next, { ...options, headers: route.headers });
    // Past every request the slice may have asked, so that no request is asked twice.
    next += run.answers * 2 + 10_000;
    sums.route.answers += run.answers;
    sums.route.cpu += run.cpuMs;
    sums.route.bytes += run.bytes;
    sums.route.errors += run.errors;
    times.push(...run.times);
  }
  times.sort((a, b) => a - b);
  const seconds = SLICES * SLICE_SECONDS;
  return {
    route: route.name,
    rps: sums.route.answers / seconds,
    configRps: sums.config.answers / seconds,
    p50: percentile(times, 0.5),
    p99: percentile(times, 0.99),
    cpuMs: sums.route.cpu / Math.max(1, sums.route.answers),
    configCpuMs: sums.config.cpu / Math.max(1, sums.config.answers),
    meanBytes: sums.route.bytes / Math.max(1, times.length),
    errors: sums.route.errors,
  };
}

/**
 * SOAK_SECONDS of the three routes mixed on the same connections (two searches for a trip page and
 * an autocomplete), the resident memory sampled every five seconds.
 */
async function soak(server: MockApiProcess, routes: { mix: Route; tripPage: Route; autocomplete: Route }): Promise<{ answers: number; errors: number; peakMb: number; endMb: number }> {
  const kinds = [routes.mix, routes.tripPage, routes.mix, routes.autocomplete];
  // One path sequence: request i takes the kind i modulo 4, each kind its own stretch of requests far past the runs before.
  const paths: Paths = (i) => kinds[i % kinds.length]!.paths(50_000_000 + Math.floor(i / kinds.length));
  const headers = (i: number) => kinds[i % kinds.length]!.headers ?? {};
  let peakMb = server.rssMb();
  const sampler = setInterval(() => (peakMb = Math.max(peakMb, server.rssMb())), 5_000);
  let i = 0;
  try {
    const result = await autocannon({
      url: server.base + paths(0),
      connections: CONNECTIONS,
      duration: SOAK_SECONDS,
      requests: [{ setupRequest: (request) => ({ ...request, path: paths(i), headers: { ...request.headers, ...headers(i++) } }) }],
    });
    const endMb = server.rssMb();
    return { answers: result.requests.total, errors: result.errors + result.timeouts + result.non2xx, peakMb: Math.max(peakMb, endMb), endMb };
  } finally {
    clearInterval(sampler);
  }
}

const verdict = (met: boolean) => (met ? 'met' : 'NOT MET');

async function main(): Promise<void> {
  console.log(`Trip search benchmark: ${TRIPS.toLocaleString('en')} trips, ${CONNECTIONS} connections, Node ${process.version}, ${os.cpus().length} CPUs`);
  const database = await seeded(TRIPS, process.env.BENCH_DB);
  const tripIds = await publicTripIds(database.url);
  const started = performance.now();
  const server = await startMockApi({ DATABASE_URL: database.url });
  try {
    // Measured once the start-up's work (the search index, the kept trip answers) is done.
    await server.settled();
    const idleMb = server.rssMb();
    console.log(`server ready and idle after ${((performance.now() - started) / 1000).toFixed(1)} s, ${idleMb.toFixed(0)} MB resident`);
    const auth = await login(server.base);
    const mix = searchMix();
    const routes = {
      mix: { name: 'GET /api/trips (varied mix)', paths: mix },
      browserMix: { name: 'GET /api/trips (varied mix, accept-encoding br)', paths: (i: number) => mix(5_000_000 + i), headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } },
      tripPage: { name: 'GET /api/trips/:id (logged in)', paths: (i: number) => `/api/trips/${tripIds[i % tripIds.length]}`, headers: auth },
      autocomplete: { name: 'GET /api/trips/autocomplete', paths: (i: number) => `/api/trips/autocomplete?name=${encodeURIComponent(PREFIXES[i % PREFIXES.length]!)}&n=${i}` },
    } satisfies Record<string, Route>;

    console.log(`each route in turn with GET /api/config (${SLICES} × ${SLICE_SECONDS} s of each)...`);
    const measured: InTurn[] = [];
    for (const route of [routes.mix, routes.browserMix, routes.tripPage, routes.autocomplete]) measured.push(await withConfig(server, route, 1_000_000));
    console.table(
      measured.map((m) => ({
        route: m.route,
        'req/s': Math.round(m.rps),
        'config req/s': Math.round(m.configRps),
        'of config': `${((m.rps / m.configRps) * 100).toFixed(1)} %`,
        'server CPU ms/req': Number(m.cpuMs.toFixed(3)),
        'config CPU ms/req': Number(m.configCpuMs.toFixed(3)),
        'p50 ms': Number(m.p50.toFixed(2)),
        'p99 ms': Number(m.p99.toFixed(2)),
        'KB/answer': Number((m.meanBytes / 1024).toFixed(1)),
        errors: m.errors,
      })),
    );

    console.log(`\n${SOAK_SECONDS} s of mixed load (varied mix, trip page, autocomplete)...`);
    const soaked = await soak(server, routes);
    console.log(
      `  ${soaked.answers} answers (${Math.round(soaked.answers / SOAK_SECONDS)} req/s), ${soaked.errors} errors; resident memory ${idleMb.toFixed(0)} MB idle, ` +
        `${soaked.peakMb.toFixed(0)} MB at most, ${soaked.endMb.toFixed(0)} MB after`,
    );

    const share = measured[0]!.rps / measured[0]!.configRps;
    const judged = (setting: boolean, what: string) => (setting ? '' : ` (the floor is judged at ${what})`);
    console.log('\nFloors');
    console.log(
      `  the varied search mix at ${TRIPS.toLocaleString('en')} trips: ${(share * 100).toFixed(1)} % of GET /api/config's throughput ` +
        `(floor ≥ ${FLOORS.mixShareOfConfig * 100} %): ${verdict(share >= FLOORS.mixShareOfConfig)}${judged(TRIPS === FLOORS.trips, '100,000 trips')}`,
    );
    console.log(
      `  resident memory after ${SOAK_SECONDS} s of mixed load: ${soaked.endMb.toFixed(0)} MB (floor ≤ ${FLOORS.residentMb} MB): ` +
        `${verdict(soaked.endMb <= FLOORS.residentMb)}${judged(TRIPS === FLOORS.trips && SOAK_SECONDS >= FLOORS.soakSeconds, `100,000 trips after ${FLOORS.soakSeconds} s`)}`,
    );
  } finally {
    await server.stop();
    database.cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
