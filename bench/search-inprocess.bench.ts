// The trip search without HTTP (issue 15): `npx tsx bench/search-inprocess.bench.ts` (part of `npm run bench`).
//
// The HTTP bench (search.bench.ts) measures what a client sees, but on a shared 2-core machine its
// figures move between runs (GET /api/config alone cost 0.046–0.088 ms of server CPU a request in
// runs of the same code). This one builds the app in this process on a seeded database (as the server
// does at start: the search index, the ratings job, the upcoming trips' answers), then calls the
// search service directly with the varied mix (search-mix.ts: every request different), parsed by the
// contract's query schema as the route does (the quick path of lib/quick-parse.ts, else zod): the
// search's own work (filter, index, kept answers, the answer's bytes), a few rounds, and per kind of
// search. Settings: BENCH_TRIPS (default 100000, seeded into a temporary database as search.bench.ts
// does), BENCH_DB=<file> reuses an already seeded database (changed only as the server's own start-up
// changes it: the pending-ratings job), BENCH_SEARCHES per round (default 20000), BENCH_ROUNDS (default 5).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TripSearchQuerySchema } from '@carpool/contracts';
import { buildApp } from '../apps/mock-api/src/app';
import { quickParser } from '../apps/mock-api/src/lib/quick-parse';
import { createDb, tuneDb } from '../apps/mock-api/src/db/client';
import { seeded } from './bench-db';
import { searchMix } from './search-mix';

const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 20_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

/** What kind of search a path is: both ends or one, radius, dated or not, first page or a later one. */
function kindOf(query: URLSearchParams): string {
  const ends = query.has('origin_lat') && query.has('destination_lat') ? 'origin + destination' : query.has('origin_lat') ? 'origin only' : 'destination only';
  const radius = query.has('origin_radio') || query.has('destination_radio') ? '25 km' : '1 km';
  return `${ends}, ${radius}${query.has('date') ? '' : ', no date'}${query.get('page') === '1' ? '' : ', page 2-3'}`;
}

async function main(): Promise<void> {
  const database = await seeded(Number(process.env.BENCH_TRIPS ?? 100_000), process.env.BENCH_DB);
  const { url } = database;
  const db = createDb(url);
  await tuneDb(db, { wal: true });
  // A data folder of its own (the JWT secret and uploads are written there), removed at the end.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'carpool-bench-data-'));
  const app = await buildApp({ db, env: { databaseUrl: url, dataDir, mockControls: false } });
  await app.services.trips.warmSearch();
  await app.services.ratings.runScheduled();
  const kept = await app.services.trips.warmAnswers();
  console.log(`${kept.toLocaleString('en')} trip answers kept`);

  const paths = searchMix();
  const requests = Array.from({ length: SEARCHES * (ROUNDS + 1) }, (_, i) => {
    const path = paths(i);
    const query = new URLSearchParams(path.slice(path.indexOf('?') + 1));
    return { path, query: Object.fromEntries(query), kind: kindOf(query) };
  });

  // Parsed as the route parses a query: the quick path, zod when it is unsure (lib/quick-parse.ts).
  const quick = quickParser(TripSearchQuerySchema)!;
  const byKind = new Map<string, { searches: number; ms: number; bytes: number }>();
  async function search(i: number, timed: boolean): Promise<number> {
    const request = requests[i]!;
    const started = timed ? performance.now() : 0;
    const answer = await app.services.trips.searchJson((quick(request.query)?.value ?? TripSearchQuerySchema.parse(request.query)) as never, null, request.path);
    if (timed) {
      const kind = byKind.get(request.kind) ?? { searches: 0, ms: 0, bytes: 0 };
      byKind.set(request.kind, { searches: kind.searches + 1, ms: kind.ms + performance.now() - started, bytes: kind.bytes + answer.length });
    }
    return answer.length;
  }

  // Round 0 warms the code up; every round then asks searches never asked before.
  for (let i = 0; i < SEARCHES; i++) await search(i, false);
  const perSearch: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    let bytes = 0;
    const cpu = process.cpuUsage();
    const started = performance.now();
    for (let i = round * SEARCHES; i < (round + 1) * SEARCHES; i++) bytes += await search(i, round === ROUNDS);
    const ms = performance.now() - started;
    const { user, system } = process.cpuUsage(cpu);
    perSearch.push((ms * 1000) / SEARCHES);
    console.log(`round ${round}: ${((ms * 1000) / SEARCHES).toFixed(1)} µs a search (${((user + system) / SEARCHES).toFixed(1)} µs of CPU), ${Math.round(bytes / SEARCHES)} bytes`);
  }
  console.log(`best round ${Math.min(...perSearch).toFixed(1)} µs, median ${[...perSearch].sort((a, b) => a - b)[Math.floor(perSearch.length / 2)]!.toFixed(1)} µs a search`);
  console.log('\nlast round by kind (each search timed alone, so a little above the round figure):');
  for (const [kind, { searches, ms, bytes }] of [...byKind].sort((a, b) => b[1].ms - a[1].ms)) {
    console.log(`  ${kind.padEnd(40)} ${String(searches).padStart(6)} searches  ${((ms * 1000) / searches).toFixed(1).padStart(6)} µs  ${Math.round(bytes / searches)} bytes`);
  }
  await app.close();
  await db.$disconnect();
  database.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
