// Two versions of the mock API side by side: `npm run bench:compare -- <git ref>` from the repository
// root (default ref: HEAD, i.e. the last commit against the working tree's changes).
//
// Why: on a shared two-CPU machine the same code measures ±20 % apart from one run to the next, so a
// change of a few per cent cannot be told from two runs minutes apart. Here both versions run at
// once, each as its own `start` script runs it, on copies of the same seeded database, and are
// measured in turn: GET /api/config and the varied search mix (search-mix.ts, every request
// different), slice k of each version back to back, the order swapped every slice. Each slice pair
// gives a ratio (this tree / the ref) of the server's CPU a request and of the p99 under load; their
// medians are what one slow patch of the host does not decide. The ref's code is checked out in a
// temporary git worktree that uses this checkout's node_modules, so the ref must have the same
// package-lock.json, Prisma schema and migrations (checked first).
//
// Settings (environment): BENCH_DB=<file> an already seeded database (copied first, never written;
// without it one is seeded with COMPARE_TRIPS trips, default 100000), COMPARE_SLICES (default 10) and
// COMPARE_SECONDS (default 3) per route and version, BENCH_CONNECTIONS (default 20).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { copyDb, seeded } from './bench-db';
import { measuredRun } from './load';
import { median, percentile } from './stats';
import { startMockApi, type MockApiProcess } from './mock-api-process';
import { searchMix, type Paths } from './search-mix';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TRIPS = Number(process.env.COMPARE_TRIPS ?? 100_000);
const SLICES = Number(process.env.COMPARE_SLICES ?? 10);
const SECONDS = Number(process.env.COMPARE_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
/** What both versions must share to run on this checkout's node_modules and database. */
const SHARED = ['package-lock.json', 'prisma/schema.prisma', 'prisma/migrations'];
const NODE_MODULES = ['node_modules', 'apps/mock-api/node_modules', 'apps/web/node_modules', 'packages/contracts/node_modules', 'prisma/node_modules'];

const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();

/** One version's side of `inTurn`: every answer's time pooled, and per slice its p99 and CPU a request. */
type Side = { requests: number; p50: number; p99: number; cpuMs: number; sliceP99: number[]; sliceCpuMs: number[] };

/**
 * The same requests on the two servers in turn (the one not measured idle), SLICES slices of each,
 * the order swapped every slice (first, second, second, first...). Slice k asks both servers the
 * same requests, from `from + k × 1,000,000` of `paths`.
 */
async function inTurn(first: MockApiProcess, second: MockApiProcess, paths: Paths, from: number): Promise<{ first: Side; second: Side }> {
  const fresh = () => ({ times: [] as number[], cpu: 0, sliceP99: [] as number[], sliceCpuMs: [] as number[] });
  const kept = { first: fresh(), second: fresh() };
  // A server that sat idle for minutes first runs the requests for a second, not counted.
  for (const server of [first, second]) {
    let next = from - 100_000;
    await autocannon({ url: server.base + paths(next), connections: CONNECTIONS, duration: 1, requests: [{ setupRequest: (request) => ({ ...request, path: paths(next++) }) }] });
  }
  for (let slice = 0; slice < SLICES; slice++) {
    for (const which of slice % 2 === 0 ? (['first', 'second'] as const) : (['second', 'first'] as const)) {
      const run = await measuredRun(which === 'first' ? first : second, paths, from + slice * 1_000_000, { connections: CONNECTIONS, seconds: SECONDS, settleSeconds: 1 });
      const side = kept[which];
      side.cpu += run.cpuMs;
      side.times.push(...run.times);
      side.sliceCpuMs.push(run.cpuMs / Math.max(1, run.times.length));
      side.sliceP99.push(percentile([...run.times].sort((a, b) => a - b), 0.99));
    }
  }
  const summary = ({ times, cpu, sliceP99, sliceCpuMs }: ReturnType<typeof fresh>): Side => {
    times.sort((a, b) => a - b);
    return { requests: times.length, p50: percentile(times, 0.5), p99: percentile(times, 0.99), cpuMs: cpu / Math.max(1, times.length), sliceP99, sliceCpuMs };
  };
  return { first: summary(kept.first), second: summary(kept.second) };
}

function report(route: string, ref: Side, tree: Side): void {
  const line = (name: string, side: Side) =>
    `  ${name.padEnd(12)} ${side.requests} requests, p50 ${side.p50.toFixed(2)} ms, p99 ${side.p99.toFixed(2)} ms, ` +
    `server CPU ${side.cpuMs.toFixed(3)} ms a request (slices: ${side.sliceCpuMs.map((cpu) => cpu.toFixed(3)).join(' ')})`;
  console.log(`${route}:`);
  console.log(line('ref', ref));
  console.log(line('this tree', tree));
  const cpu = tree.sliceCpuMs.map((value, k) => value / ref.sliceCpuMs[k]!);
  const p99 = tree.sliceP99.map((value, k) => value / ref.sliceP99[k]!);
  console.log(`  this tree / ref, slice by slice: CPU a request ${cpu.map((r) => r.toFixed(2)).join(' ')}, median ${median(cpu).toFixed(3)}`);
  console.log(`  this tree / ref, slice by slice: p99 ${p99.map((r) => r.toFixed(2)).join(' ')}, median ${median(p99).toFixed(3)}`);
}

async function main() {
  const ref = process.argv[2] ?? 'HEAD';
  const commit = git('rev-parse', '--verify', `${ref}^{commit}`);
  try {
    git('diff', '--quiet', commit, '--', ...SHARED);
  } catch {
    console.error(`${ref} differs from this tree in ${SHARED.join(', ')}: its code cannot run on this checkout's node_modules and database.`);
    process.exit(1);
  }
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'carpool-compare-'));
  const worktree = path.join(scratch, 'ref');
  git('worktree', 'add', '--detach', worktree, commit);
  const servers: MockApiProcess[] = [];
  let database: Awaited<ReturnType<typeof seeded>> | undefined;
  try {
    for (const folder of NODE_MODULES) {
      if (existsSync(path.join(ROOT, folder)) && !existsSync(path.join(worktree, folder))) symlinkSync(path.join(ROOT, folder), path.join(worktree, folder));
    }
    database = await seeded(TRIPS, process.env.BENCH_DB && copyDb(process.env.BENCH_DB, scratch, 'seeded'));
    const source = fileURLToPath(database.url);
    console.log(`Comparing ${ref} (${commit.slice(0, 7)}) with this tree: ${CONNECTIONS} connections, ${SLICES} slices of ${SECONDS} s per route and version, Node ${process.version}, ${os.cpus().length} CPUs`);
    const refServer = await startMockApi({ DATABASE_URL: `file:${copyDb(source, scratch, 'ref')}` }, worktree);
    servers.push(refServer);
    const treeServer = await startMockApi({ DATABASE_URL: `file:${copyDb(source, scratch, 'tree')}` });
    servers.push(treeServer);
    await Promise.all(servers.map((server) => server.settled()));
    console.log(`Resident memory after start-up: ref ${refServer.rssMb().toFixed(0)} MB, this tree ${treeServer.rssMb().toFixed(0)} MB`);
    const routes: [string, Paths][] = [
      ['GET /api/config', () => '/api/config'],
      ['GET /api/trips (the varied mix)', searchMix()],
    ];
    for (const [route, paths] of routes) {
      const { first, second } = await inTurn(refServer, treeServer, paths, 1_000_000);
      report(route, first, second);
    }
    console.log(`Resident memory after the runs: ref ${refServer.rssMb().toFixed(0)} MB, this tree ${treeServer.rssMb().toFixed(0)} MB`);
  } finally {
    for (const server of servers) await server.stop();
    database?.cleanup();
    git('worktree', 'remove', '--force', worktree);
    rmSync(scratch, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
