// Admin chart data bench (issue 13): the four /api/data/* calls on a database with 100k trips,
// timed one request at a time against the mock API in its own process (as `npm start` runs it).
//
// Target: each call under 50 ms at 100k trips. Each call is asked with the dashboard's default
// range (January of this year → this month) and without a range (the whole history), WARMUP times
// and then RUNS times (default 50); the bench prints the median, p95 and max in milliseconds.
// BENCH_DB=<file> reuses an already seeded database (skips the ~20 s seed); BENCH_TRIPS sets the
// size (default 100000). No test asserts these figures: the machine is shared.
import { seeded } from './bench-db';
import { startMockApi } from './mock-api-process';
import { median, percentile } from './stats';

const TRIPS = Number(process.env.BENCH_TRIPS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const WARMUP = 5;
const TARGET_MS = 50;
const CALLS = ['trips', 'seats', 'users', 'monthlyusers'] as const;

async function adminToken(base: string): Promise<string> {
  const answer = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@carpool.ar', password: 'carpool123' }),
  });
  if (!answer.ok) throw new Error(`login: ${answer.status} ${await answer.text()}`);
  return ((await answer.json()) as { token: string }).token;
}

async function time(url: string, token: string): Promise<{ median: number; p95: number; max: number; rows: number }> {
  const samples: number[] = [];
  let rows = 0;
  for (let i = 0; i < WARMUP + RUNS; i += 1) {
    const started = performance.now();
    const answer = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const body = (await answer.json()) as Record<string, unknown[]>;
    const elapsed = performance.now() - started;
    if (!answer.ok) throw new Error(`${url}: ${answer.status} ${JSON.stringify(body)}`);
    rows = Object.values(body)[0]?.length ?? 0;
    if (i >= WARMUP) samples.push(elapsed);
  }
  samples.sort((a, b) => a - b);
  return { median: median(samples), p95: percentile(samples, 0.95), max: samples.at(-1)!, rows };
}

async function main() {
  const db = await seeded(TRIPS, process.env.BENCH_DB);
  const server = await startMockApi({ DATABASE_URL: db.url });
  try {
    // Timed once the start-up's work is done (the trip search index and the upcoming trips' answers it
    // loads kept the server busy for several seconds at 100k trips, and the first calls waited on it).
    await server.settled();
    const token = await adminToken(server.base);
    const year = new Date().getUTCFullYear();
    const month = String(new Date().getUTCMonth() + 1).padStart(2, '0');
    const ranges = { 'this year': `?date_from=${year}-01&date_to=${year}-${month}`, 'all months': '' };
    console.log(`\nadmin chart data at ${TRIPS} trips, ${RUNS} requests one at a time each (ms; target < ${TARGET_MS} ms)`);
    console.log('call                    range        rows   median     p95     max');
    let over = 0;
    for (const call of CALLS) {
      for (const [label, query] of Object.entries(ranges)) {
        const result = await time(`${server.base}/api/data/${call}${query}`, token);
        if (result.p95 >= TARGET_MS) over += 1;
        console.log(
          `/api/data/${call}`.padEnd(24) +
            label.padEnd(12) +
            String(result.rows).padStart(5) +
            result.median.toFixed(2).padStart(9) +
            result.p95.toFixed(2).padStart(8) +
            result.max.toFixed(2).padStart(8),
        );
      }
    }
    console.log(over ? `${over} call(s) at or above ${TARGET_MS} ms at p95` : `every call under ${TARGET_MS} ms at p95`);
  } finally {
    await server.stop();
    db.cleanup();
  }
}

void main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
