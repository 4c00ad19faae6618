// Trip search benchmark (issues 4 and 15): `npm run bench` from the repository root.
//
// For each database size it builds a temporary database (migrations, places, the deterministic seed
// with N trips), adds the same 30 public Buenos Aires → Rosario trips for tomorrow to every size (so
// the searched page holds 20 trips at every size and only the size of the table differs), starts
// the mock API in its own process as `npm start` does, and drives it with autocannon from this
// process: the trivial GET /api/config, the most common search (origin + destination + date,
// Buenos Aires → Rosario), the same search with every request different (so no cache of the server
// answers: the cost of running the search itself), the varied mix people really make (issue 15:
// 16 large cities in random pairs × the next 50 days, origin only, destination only, no date, pages
// 2-3, radius 1 km and 25 km, every request different), the same mix as a browser asks it
// (accept-encoding with br: the answers compressed), two searches matching few and many trips,
// the place autocomplete (a different prefix each time) and the trip page (a different trip each
// time, logged in). At the large size the targets' three ratios (the mix, the autocomplete, the trip
// page) are measured again with each route and GET /api/config in turn, 5 slices of 2 s each (see
// `interleaved`), and the varied mix's 100k/1k p99 with the two sizes' servers measured in turn, 6
// slices of 3 s each (see `inTurn` in in-turn.ts; with the host's steal of each slice, and beside the figures
// what the slices the host left alone measured). The varied mix is run once more on a server under --cpu-prof: its five most
// expensive functions (self time) are printed. It prints
// throughput, p50/p99 latency (under load, and one request at a time to the microsecond) and the
// search/trivial ratios, compares the search p99 at the large size with the small one, and prints
// the seed time. No test asserts these figures. Every run under load is one autocannon run whose
// first BENCH_WARMUP seconds are not counted (the code warms up and the new connections' lock-step
// start passes: `measuredRun` in in-turn.ts), and the p99 with them is printed beside.
//
// Settings (environment): BENCH_TRIPS (default 100000), BENCH_SMALL_TRIPS (default 1000, 0 to skip),
// BENCH_DURATION seconds per run (default 10) after BENCH_WARMUP seconds not counted (default 1, also
// before every slice in turn),
// BENCH_CONNECTIONS (default 20), BENCH_SEQUENTIAL
// requests one at a time per route (default 2000), BENCH_SLICES and BENCH_SLICE_SECONDS (default 5 and
// 2, the interleaved ratios), BENCH_PAIRED_SLICES and BENCH_PAIRED_SECONDS (default 6 and 3, the two
// sizes in turn), BENCH_DB=<file> reuses an already seeded
// database for the large size (skips the seed).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createDb } from '../apps/mock-api/src/db/client';
import { seeded, tomorrow } from './bench-db';
import { startMockApi, type MockApiProcess } from './mock-api-process';
import { inTurn, measuredRun, type Latencies } from './in-turn';
import { median, percentile } from './stats';
import { BUENOS_AIRES, ROSARIO, searchMix, type Paths } from './search-mix';


const LARGE = Number(process.env.BENCH_TRIPS ?? 100_000);
const SMALL = Number(process.env.BENCH_SMALL_TRIPS ?? 1_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
/** Seconds of each route run before it is measured (see `hit`). */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1);

const SEARCH_ROUTE = 'GET /api/trips (BA → Rosario, date)';
const COLD_ROUTE = 'GET /api/trips (same, never repeated)';

type Row = {
  size: number;
  route: string;
  rps: number;
  p50: number;
  p99: number;
  /** The p99 with the run's first WARMUP seconds too (the connections' lock-step start, see in-turn.ts). */
  p99WithStart: number;
  errors: number;
  /** The server's CPU time per request under load, in ms (see MockApiProcess.cpuMs). */
  cpuMs: number;
  /** The share of the machine's CPU time its host took for others during the run, in % (see `stolen`). */
  steal: number;
  one?: { p50: number; p99: number };
};

/** Requests one at a time (one connection), each timed to the microsecond. */
const SEQUENTIAL_REQUESTS = Number(process.env.BENCH_SEQUENTIAL ?? 2_000);

async function hit(server: MockApiProcess, route: string, paths: Paths, headers: Record<string, string> = {}): Promise<Omit<Row, 'size'>> {
  const { base } = server;
  const check = await fetch(base + paths(0), { headers });
  if (!check.ok) throw new Error(`${route}: ${check.status} ${await check.text()}`);
  const body = (await check.json()) as { data?: unknown[]; nodes_geos?: unknown[]; meta?: { pagination: { total: number } } };
  const items = body.data?.length ?? body.nodes_geos?.length;
  console.log(`  ${route}: ${items === undefined ? 'ok' : `${items} items`}${body.meta ? ` of ${body.meta.pagination.total}` : ''}, running ${DURATION} s...`);
  // One run: its first WARMUP seconds are not counted (`measuredRun`). They warm the route's code up
  // (a server's first second on a kind of request runs unoptimised code: a fresh server's first
  // seconds of the mix had a p99 of 68–95 ms and 0.6 ms of CPU a search, against 7–10 ms and
  // 0.15–0.2 ms after) and let the new connections' lock-step start pass. Until the fifteenth sitting the warm-up
  // was a run of its own and the counted run started new connections again: see in-turn.ts.
  const run = await measuredRun(server, paths, 1, { connections: CONNECTIONS, seconds: DURATION, settleSeconds: WARMUP, headers });
  const times = run.times.sort((a, b) => a - b);
  const withStart = [...run.times, ...run.startTimes].sort((a, b) => a - b);
  return {
    route,
    rps: Math.round(run.answers / DURATION),
    p50: Number(percentile(times, 0.5).toFixed(2)),
    p99: Number(percentile(times, 0.99).toFixed(2)),
    p99WithStart: Number(percentile(withStart, 0.99).toFixed(2)),
    errors: run.errors,
    cpuMs: run.cpuMs / Math.max(1, run.answers),
    steal: run.steal,
    one: await sequential(base, paths, 1 + run.answers + run.startTimes.length + 100_000, headers),
  };
}

/**
 * The same kind of requests one after another on one connection: latency without queueing, to the
 * microsecond (autocannon's percentiles are whole milliseconds, too coarse to compare 2 ms with 3).
 */
async function sequential(base: string, paths: Paths, from: number, headers: Record<string, string>): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  for (let i = 0; i < SEQUENTIAL_REQUESTS; i++) {
    const started = performance.now();
    const answer = await fetch(base + paths(from + i), { headers });
    await answer.arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Number(times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2));
  return { p50: at(0.5), p99: at(0.99) };
}

/** One search with coordinates moved by i billionths of a degree each time (never repeated). */
function moving(params: Record<string, string>, field: string): Paths {
  const at = Number(params[field]);
  return (i) => `/api/trips?${new URLSearchParams({ ...params, [field]: (at + i * 1e-9).toFixed(9) })}`;
}

const PREFIXES = ['cor', 'ros', 'men', 'sal', 'mar', 'bue', 'san', 'neu', 'tuc', 'par', 'pos', 'bah', 'la p', 'res', 'jun', 'río'];

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

/** Slices of a route and of GET /api/config taken in turn for `interleaved` (each BENCH_SLICE_SECONDS long). */
const SLICES = Number(process.env.BENCH_SLICES ?? 5);
const SLICE_SECONDS = Number(process.env.BENCH_SLICE_SECONDS ?? 2);

type Interleaved = { throughput: number; cpu: number };

/**
 * A route's ratio to GET /api/config with both measured in turn, SLICES slices of each one after the
 * other: on a shared machine the speed drifts over the minutes a run takes (config alone cost
 * 0.059–0.077 ms of server CPU a request in runs of the same code), and a ratio of two routes measured
 * a minute apart carries that drift. Equal slices, so the ratio of requests is the ratio of throughputs.
 * `against`: another route in config's place (its i-th path from `from` on too), for the many/few ratio.
 */
async function interleaved(server: MockApiProcess, paths: Paths, from: number, headers: Record<string, string> = {}, against?: Paths): Promise<Interleaved> {
  const sums = { trivial: { requests: 0, cpu: 0 }, route: { requests: 0, cpu: 0 } };
  // Each sequence's next request (`route`'s and `against`'s), so that no search is asked twice.
  const next = { route: from, against: from };
  const options = { connections: CONNECTIONS, seconds: SLICE_SECONDS, settleSeconds: WARMUP };
  for (let turn = 0; turn < SLICES; turn++) {
    for (const which of ['trivial', 'route'] as const) {
      // Each slice's first WARMUP seconds not counted, as in `hit` (measuredRun in in-turn.ts).
      const run =
        which === 'route'
          ? await measuredRun(server, paths, next.route, { ...options, headers })
          : against
            ? await measuredRun(server, against, next.against, options)
            : await measuredRun(server, () => '/api/config', 0, options);
      // Past every request the slice may have asked (its counted and uncounted answers, and the ones in flight).
      if (which === 'route') next.route += run.answers + run.startTimes.length + 10_000;
      else if (against) next.against += run.answers + run.startTimes.length + 10_000;
      sums[which].requests += run.answers;
      sums[which].cpu += run.cpuMs;
    }
  }
  const { trivial, route } = sums;
  return { throughput: route.requests / Math.max(1, trivial.requests), cpu: trivial.cpu / trivial.requests / (route.cpu / Math.max(1, route.requests)) };
}

/** The host's steal (%) under which a slice of the sizes in turn counts as quiet in the line printed beside the figures. */
const QUIET_STEAL = 3;

/** Slices of the varied mix taken in turn on the two sizes' servers (`inTurn`, each BENCH_PAIRED_SECONDS long). */
const PAIRED_SLICES = Number(process.env.BENCH_PAIRED_SLICES ?? 6);
const PAIRED_SECONDS = Number(process.env.BENCH_PAIRED_SECONDS ?? 3);

/** Public upcoming trips the bench opens one after another (from the database, before the server starts). */
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

/**
 * How many trips a guest's search matches, counted from the database by scanning every upcoming
 * trip (the bench's own count, for the few/many labels): origin/destination within the radius
 * (default 1 km), the ±3-day window of `date` (not before now) or every upcoming trip, and the
 * guest's visibility (public, paid or free, not hidden, not deleted, owner not banned).
 */
async function countMatches(url: string, params: Record<string, string>): Promise<number> {
  const db = createDb(url);
  const now = new Date();
  const day = params.date ? Date.parse(`${params.date}T03:00:00Z`) : null;
  const from = day === null ? now : new Date(Math.max(now.getTime(), day - 3 * 86_400_000));
  const to = day === null ? undefined : new Date(day + 4 * 86_400_000);
  const rows = await db.trip.findMany({
    where: {
      deleted_at: null,
      hidden: false,
      friendship_type_id: 2,
      state: { notIn: ['awaiting_payment', 'pending_payment', 'payment_failed'] },
      trip_date: { gte: from, ...(to ? { lt: to } : {}) },
      user: { banned: false },
      ...(params.is_passenger ? { is_passenger: params.is_passenger === 'true' } : {}),
    },
    select: { origin_lat: true, origin_lng: true, destination_lat: true, destination_lng: true },
  });
  await db.$disconnect();
  const rad = Math.PI / 180;
  const within = (lat: number, lng: number, end: 'origin' | 'destination') => {
    if (params[`${end}_lat`] === undefined) return true;
    const [cLat, cLng] = [Number(params[`${end}_lat`]), Number(params[`${end}_lng`])];
    const radius = Math.max(1000, Number(params[`${end}_radio`] ?? 1000));
    const cos = Math.sin(cLat * rad) * Math.sin(lat * rad) + Math.cos(cLat * rad) * Math.cos(lat * rad) * Math.cos((lng - cLng) * rad);
    return cos >= Math.cos(radius / 6_371_000);
  };
  return rows.filter((t) => within(t.origin_lat, t.origin_lng, 'origin') && within(t.destination_lat, t.destination_lng, 'destination')).length;
}

type CpuProfile = { nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[]; samples: number[]; timeDeltas: number[] };

/**
 * The functions with the most self time in a .cpuprofile (idle and the profiler itself left out),
 * from `fromMs` after the profile started on (the start-up's work left out).
 */
function topFunctions(file: string, count: number, fromMs = 0): string[] {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byNode = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const self = new Map<string, number>();
  let total = 0;
  let at = 0;
  profile.samples.forEach((id, i) => {
    const frame = byNode.get(id);
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at < fromMs * 1000) return;
    if (!frame || frame.functionName === '(idle)') return;
    total += delta;
    const where = frame.url ? `${frame.url.replace(/^.*\/(node_modules|apps|packages)\//, '$1/')}:${frame.lineNumber + 1}` : '';
    const key = `${frame.functionName || '(anonymous)'} ${where}`.trim();
    self.set(key, (self.get(key) ?? 0) + delta);
  });
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, micros]) => `${((micros / total) * 100).toFixed(1).padStart(5)} %  ${name}`);
}

/** The varied mix on a server of its own under --cpu-prof (its figures are not the bench's). */
async function profileMix(url: string): Promise<string[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'carpool-cpu-prof-'));
  const spawned = performance.now();
  const server = await startMockApi({ DATABASE_URL: url }, ['--cpu-prof', `--cpu-prof-dir=${dir}`]);
  // Only the mix is summed: the samples from before it (start-up, the trip answers loaded) are left out.
  let mixFromMs = 0;
  try {
    await server.settled();
    mixFromMs = performance.now() - spawned;
    const paths = searchMix();
    let counter = 7_777;
    await autocannon({ url: server.base + paths(0), connections: CONNECTIONS, duration: Math.min(DURATION, 5), requests: [{ setupRequest: (r) => ({ ...r, path: paths(counter++) }) }] });
  } finally {
    await server.stop();
  }
  const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
  const top = file ? topFunctions(path.join(dir, file), 5, mixFromMs) : ['(no profile written)'];
  rmSync(dir, { recursive: true, force: true });
  return top;
}

const MIX_ROUTE = 'GET /api/trips (varied mix, never repeated)';
/** The same mix as a browser asks it: with compression (plugins/json-compression.ts). Not one of the targets' routes. */
const BROWSER_MIX_ROUTE = 'GET /api/trips (varied mix, as a browser asks: accept-encoding br)';
const FEW_ROUTE = 'GET /api/trips (BA → Rosario, date, 1 km: few matches)';
const MANY_ROUTE = 'GET /api/trips (from Buenos Aires 25 km, no date: many matches)';
const AUTOCOMPLETE_ROUTE = 'GET /api/trips/autocomplete (varied prefixes)';
const TRIP_ROUTE = 'GET /api/trips/:id (a different trip each time)';
/** Compared with the trivial route (target ≥ 30 % of its throughput at the large size). */
const RATIO_ROUTES = [SEARCH_ROUTE, COLD_ROUTE, MIX_ROUTE, AUTOCOMPLETE_ROUTE, TRIP_ROUTE];

type SizeRun = {
  rows: Row[];
  seedMs: number | null;
  totals: Record<string, number>;
  paired: Record<string, Interleaved>;
  /** The many-match search in turn with the few-match one (large size only): `throughput` is many / few. */
  manyFew?: Interleaved;
  /** Still running, for the sizes in turn: the caller stops it (`done`). */
  server: MockApiProcess;
  /** Stops the server, then (at the large size) profiles the mix on a server of its own, and removes the database. */
  done: () => Promise<string[] | undefined>;
};

async function runSize(trips: number, reuse?: string): Promise<SizeRun> {
  console.log(`\n== ${trips.toLocaleString('en')} trips ==`);
  const db = await seeded(trips, reuse);
  const tripIds = await publicTripIds(db.url);
  const started = performance.now();
  const server = await startMockApi({ DATABASE_URL: db.url });
  // Measured once the start-up's work (the search index, the upcoming trips' answers) is done.
  await server.settled();
  console.log(`  server ready and idle after ${((performance.now() - started) / 1000).toFixed(1)} s, ${server.rssMb().toFixed(0)} MB resident`);
  const { base } = server;
  const search = {
    origin_lat: String(BUENOS_AIRES.lat),
    origin_lng: String(BUENOS_AIRES.lng),
    destination_lat: String(ROSARIO.lat),
    destination_lng: String(ROSARIO.lng),
    date: tomorrow(),
    is_passenger: 'false',
    page: '1',
    page_size: '20',
  };
  const many = { origin_lat: String(BUENOS_AIRES.lat), origin_lng: String(BUENOS_AIRES.lng), origin_radio: '25000', page: '1' };
  const rows: Row[] = [];
  const totals: Record<string, number> = {};
  const paired: Record<string, Interleaved> = {};
  let manyFew: Interleaved | undefined;
  try {
    rows.push({ size: trips, ...(await hit(server, 'GET /api/config (trivial)', () => '/api/config')) });
    rows.push({ size: trips, ...(await hit(server, SEARCH_ROUTE, () => `/api/trips?${new URLSearchParams(search)}`)) });
    rows.push({ size: trips, ...(await hit(server, COLD_ROUTE, moving(search, 'origin_lat'))) });
    rows.push({ size: trips, ...(await hit(server, MIX_ROUTE, searchMix())) });
    // Its own stretch of the mix (from the 5,000,000th request): no answer the run above asked.
    const browserMix = searchMix();
    rows.push({ size: trips, ...(await hit(server, BROWSER_MIX_ROUTE, (i) => browserMix(5_000_000 + i), { 'accept-encoding': 'gzip, deflate, br, zstd' })) });
    for (const [route, params] of [[FEW_ROUTE, search], [MANY_ROUTE, many]] as const) {
      // The API's total is a lower bound beyond 200 matches: the matches are counted here instead.
      totals[route] = await countMatches(db.url, params);
      rows.push({ size: trips, ...(await hit(server, route, moving(params, 'origin_lat'))) });
    }
    const autocomplete = (i: number) => `/api/trips/autocomplete?name=${encodeURIComponent(PREFIXES[i % PREFIXES.length]!)}&n=${i}`;
    rows.push({ size: trips, ...(await hit(server, AUTOCOMPLETE_ROUTE, autocomplete)) });
    const auth = await login(base);
    const tripPage = (i: number) => `/api/trips/${tripIds[i % tripIds.length]}`;
    rows.push({ size: trips, ...(await hit(server, TRIP_ROUTE, tripPage, auth)) });
    if (trips === LARGE) {
      console.log(`  the targets' ratios again, each route in turn with GET /api/config (${SLICES} × ${SLICE_SECONDS} s of each)...`);
      // Far past the requests above in each sequence: none is asked twice.
      paired[MIX_ROUTE] = await interleaved(server, searchMix(), 1_000_000);
      paired[AUTOCOMPLETE_ROUTE] = await interleaved(server, autocomplete, 1_000_000);
      paired[TRIP_ROUTE] = await interleaved(server, tripPage, 0, auth);
      // The few/many throughput of the runs above is two runs of 10 s a minute apart, which a slow
      // patch of the host can split (in run 1 of 27 Nov's sixth sitting the many-match run had 49 % of
      // the CPU stolen, the few-match one 12 %: 3.49). The same two searches in turn, from the
      // 200,000th request on (the runs above ask fewer), the origin moved by at most ~0.03 km.
      console.log(`  the many and the few matches' searches in turn (${SLICES} × ${SLICE_SECONDS} s of each)...`);
      manyFew = await interleaved(server, moving(many, 'origin_lat'), 200_000, {}, moving(search, 'origin_lat'));
    }
    console.log(`  ${server.rssMb().toFixed(0)} MB resident after the runs`);
  } catch (error) {
    await server.stop();
    db.cleanup();
    throw error;
  }
  const done = async () => {
    try {
      await server.stop();
      return trips === LARGE ? await profileMix(db.url) : undefined;
    } finally {
      db.cleanup();
    }
  };
  return { rows, seedMs: db.seedMs, totals, paired, manyFew, server, done };
}

async function main() {
  console.log(`Trip search benchmark: ${CONNECTIONS} connections, ${DURATION} s per route, Node ${process.version}, ${os.cpus().length} CPUs`);
  const rows: Row[] = [];
  const seedTimes: Record<number, number | null> = {};
  const totals: Record<number, Record<string, number>> = {};
  let profile: string[] | undefined;
  let paired: Record<string, Interleaved> = {};
  let manyFew: Interleaved | undefined;
  let sizes: { small: Latencies; large: Latencies } | undefined;
  const runs: SizeRun[] = [];
  try {
    for (const [size, reuse] of [[SMALL, undefined], [LARGE, process.env.BENCH_DB]] as const) {
      if (size <= 0) continue;
      const result = await runSize(size, reuse);
      runs.push(result);
      rows.push(...result.rows);
      seedTimes[size] = result.seedMs;
      totals[size] = result.totals;
      if (size === LARGE) [paired, manyFew] = [result.paired, result.manyFew];
    }
    if (runs.length === 2) {
      console.log(`\n== the varied mix at both sizes in turn (${PAIRED_SLICES} × ${PAIRED_SECONDS} s of each) ==`);
      // Far past the requests the runs above asked.
      const both = await inTurn(runs[0]!.server, runs[1]!.server, searchMix(), 3_000_000, { slices: PAIRED_SLICES, seconds: PAIRED_SECONDS, connections: CONNECTIONS, settleSeconds: WARMUP });
      sizes = { small: both.first, large: both.second };
    }
  } finally {
    // One server at a time stopped (the large one then profiled on a server of its own).
    for (const run of runs) profile = (await run.done()) ?? profile;
  }

  console.log('\nResults');
  console.table(
    rows.map((r) => ({
      trips: r.size,
      route: r.route,
      'req/s': r.rps,
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      'p99 ms with the first s': r.p99WithStart,
      errors: r.errors,
      'server CPU ms/req': Number(r.cpuMs.toFixed(3)),
      'host steal %': Number(r.steal.toFixed(1)),
      'one at a time p50 ms': r.one?.p50,
      'one at a time p99 ms': r.one?.p99,
    })),
  );
  const find = (size: number, route: string) => rows.find((r) => r.size === size && r.route === route);
  for (const size of [SMALL, LARGE]) {
    const trivial = rows.find((r) => r.size === size && r.route.includes('trivial'));
    if (!trivial) continue;
    for (const route of RATIO_ROUTES) {
      const measured = find(size, route);
      if (measured) {
        // The same ratio in server CPU per request: it does not move with whatever else the machine runs.
        console.log(
          `${size.toLocaleString('en')} trips: ${route} / trivial throughput = ${((measured.rps / trivial.rps) * 100).toFixed(1)} % (target ≥ 30 %); ` +
            `in server CPU per request ${((trivial.cpuMs / measured.cpuMs) * 100).toFixed(1)} % (${trivial.cpuMs.toFixed(3)} / ${measured.cpuMs.toFixed(3)} ms)`,
        );
      }
    }
  }
  for (const [route, ratio] of Object.entries(paired)) {
    console.log(
      `${LARGE.toLocaleString('en')} trips, in turn with GET /api/config (${SLICES} × ${SLICE_SECONDS} s each): ${route} = ` +
        `${(ratio.throughput * 100).toFixed(1)} % of its throughput (target ≥ 30 %); in server CPU per request ${(ratio.cpu * 100).toFixed(1)} %`,
    );
  }
  const mix = find(LARGE, MIX_ROUTE);
  if (mix) {
    console.log(
      `${LARGE.toLocaleString('en')} trips: ${MIX_ROUTE} p99 under ${CONNECTIONS} connections = ${mix.p99} ms (target ≤ 10 ms; its run of ${DURATION} s alone, ` +
        `after ${WARMUP} s not counted; ${mix.p99WithStart} ms with them, the connections' lock-step start: see in-turn.ts)`,
    );
  }
  if (sizes) {
    const { small, large } = sizes;
    const line = (size: number, l: Latencies) =>
      `  ${size.toLocaleString('en').padStart(7)} trips: ${l.requests} searches, p50 ${l.p50.toFixed(2)} ms, p99 ${l.p99.toFixed(2)} ms (slices: ${l.sliceP99.join(' / ')}), ` +
      `server CPU ${l.cpuMs.toFixed(3)} ms a search, ${(l.meanBytes / 1024).toFixed(1)} KB a response with its headers, host steal ${l.steal.toFixed(1)} % ` +
      `(slices: ${l.sliceSteal.map((steal) => steal.toFixed(1)).join(' / ')})`;
    console.log(`${MIX_ROUTE}, the two sizes in turn (${PAIRED_SLICES} × ${PAIRED_SECONDS} s of each, ${CONNECTIONS} connections, every response timed):`);
    console.log(line(SMALL, small));
    console.log(line(LARGE, large));
    console.log(`  p99 under ${CONNECTIONS} connections at ${LARGE.toLocaleString('en')} trips = ${large.p99.toFixed(2)} ms (target ≤ 10 ms; median of its slices' p99s ${median(large.sliceP99).toFixed(1)} ms)`);
    console.log(`  p99 at ${LARGE.toLocaleString('en')} / at ${SMALL.toLocaleString('en')} trips = ${large.p99.toFixed(2)} / ${small.p99.toFixed(2)} ms = ${(large.p99 / small.p99).toFixed(2)} (target ≤ 1.5, judged here: see docs/architecture/design.md)`);
    console.log(
      `  with each slice's first ${WARMUP} s too (not counted above: the connections' lock-step start, see in-turn.ts): p99 ${large.p99WithStart.toFixed(2)} / ${small.p99WithStart.toFixed(2)} ms = ` +
        `${(large.p99WithStart / small.p99WithStart).toFixed(2)}`,
    );
    // Slice k of each size ran back to back: a pause of the machine in one slice moves that slice's
    // ratio only, so the median of the six ratios is the comparison that one such pause does not decide.
    const pairs = large.sliceP99.map((p99, k) => p99 / small.sliceP99[k]!);
    console.log(`  the same ratio slice by slice: ${pairs.map((ratio) => ratio.toFixed(2)).join(' / ')}, median ${median(pairs).toFixed(2)} (target ≤ 1.5)`);
    // The host's steal is what the machine lost to others while a slice ran: printed, never used to
    // drop a slice from the figures above. This line only shows what the slices the host left alone
    // (both sizes' slices under QUIET_STEAL %) measured, beside them.
    const quiet = pairs.map((_, k) => k).filter((k) => small.sliceSteal[k]! < QUIET_STEAL && large.sliceSteal[k]! < QUIET_STEAL);
    if (quiet.length > 0 && quiet.length < pairs.length) {
      const pooled = (l: Latencies) => percentile(quiet.flatMap((k) => l.sliceTimes[k]!).sort((a, b) => a - b), 0.99);
      const [quietLarge, quietSmall] = [pooled(large), pooled(small)];
      console.log(
        `  only the ${quiet.length} slices with the host's steal under ${QUIET_STEAL} % at both sizes (${quiet.map((k) => k + 1).join(', ')}): ` +
          `p99 ${quietLarge.toFixed(2)} / ${quietSmall.toFixed(2)} ms = ${(quietLarge / quietSmall).toFixed(2)}`,
      );
    }
  }
  for (const route of [SEARCH_ROUTE, COLD_ROUTE, MIX_ROUTE]) {
    const small = find(SMALL, route);
    const large = find(LARGE, route);
    if (small && large) {
      // Alone, the two sizes' runs are minutes apart and carry the machine's drift: the same code
      // measured alone twice came out 0.84–1.27 apart (`npm run bench:noise`), so the 100k/1k target
      // is judged on the sizes in turn, above (docs/architecture/design.md, "Search speed against issue 15's targets").
      console.log(
        `${route}: p99 at ${LARGE.toLocaleString('en')} / at ${SMALL.toLocaleString('en')} trips = ${large.p99} / ${small.p99} ms = ${(large.p99 / Math.max(0.01, small.p99)).toFixed(2)} ` +
          `(alone, runs minutes apart; the target ≤ 1.5 is judged in turn, above)`,
      );
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
  for (const size of [SMALL, LARGE]) {
    const few = find(size, FEW_ROUTE);
    const manyRow = find(size, MANY_ROUTE);
    if (!few?.one || !manyRow?.one) continue;
    console.log(
      `${size.toLocaleString('en')} trips: a search matching ${totals[size]?.[MANY_ROUTE]} trips / one matching ${totals[size]?.[FEW_ROUTE]}: ` +
        `one at a time p50 ${manyRow.one.p50} / ${few.one.p50} ms = ${(manyRow.one.p50 / few.one.p50).toFixed(2)}, ` +
        `throughput ${few.rps} / ${manyRow.rps} req/s = ${(few.rps / Math.max(1, manyRow.rps)).toFixed(2)} (target ≤ 2)`,
    );
  }
  if (manyFew) {
    console.log(
      `${LARGE.toLocaleString('en')} trips, the two searches in turn (${SLICES} × ${SLICE_SECONDS} s each): throughput few / many = ${(1 / manyFew.throughput).toFixed(2)} (target ≤ 2); ` +
        `in server CPU per request many / few ${(1 / manyFew.cpu).toFixed(2)}`,
    );
  }
  if (profile) console.log(`\nCPU profile of the varied mix at ${LARGE.toLocaleString('en')} trips (--cpu-prof, self time, top 5):\n${profile.join('\n')}`);
  const largeSeed = seedTimes[LARGE];
  if (largeSeed) console.log(`seed time for ${LARGE.toLocaleString('en')} trips: ${(largeSeed / 1000).toFixed(1)} s (target ≤ 30 s)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
