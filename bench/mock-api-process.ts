// The mock API as `npm start` runs it, in its own process on a free port with a throwaway data
// folder, for the benchmarks (search.bench.ts, compare.ts, admin-data.bench.ts, bundle.ts, web.ts).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../apps/mock-api/test/free-port';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const START_TIMEOUT_MS = 180_000;

/**
 * The node flags and environment defaults of a checkout's apps/mock-api `start` script
 * (`NAME=${NAME:-default} ... node <flags> --import tsx src/server.ts`), read from its package.json:
 * compare.ts runs an older version of the code as that version's own `npm start` ran it. The bench
 * spawns node itself, not npm, to read the server's own CPU time from /proc.
 */
function startScript(root: string): { nodeArgs: string[]; env: Record<string, string> } {
  const script = (JSON.parse(readFileSync(path.join(root, 'apps/mock-api/package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
  const match = /^((?:\w+=\$\{\w+:-[^}]*\} )*)node ((?:--[\w-]+(?:=\S+)? )*)--import tsx src\/server\.ts$/.exec(script);
  if (!match) throw new Error(`apps/mock-api's start script is not in the form the bench reads: ${script}`);
  const env: Record<string, string> = {};
  for (const [, name, fallback] of match[1]!.matchAll(/(\w+)=\$\{\w+:-([^}]*)\} /g)) env[name!] = process.env[name!] ?? fallback!;
  return { nodeArgs: match[2]!.split(' ').filter(Boolean), env };
}

/**
 * `cpuMs()`: the CPU time (user + system, ms) the server process has used so far, read from Linux's
 * /proc (NaN elsewhere): what a request costs the server, whatever else shares the machine.
 * `rssMb()`: its resident memory in MB (VmRSS, NaN elsewhere). `settled()`: resolves once the server
 * has used almost no CPU for a second (its start-up work, e.g. the trip answers it loads, is done).
 */
export type MockApiProcess = { base: string; stop: () => Promise<void>; cpuMs: () => number; rssMb: () => number; settled: () => Promise<void> };

/** Resident memory of a process in MB (VmRSS of /proc/<pid>/status, in kB). */
function rssMbOf(pid: number | undefined): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
    return Number(line?.split(/\s+/)[1]) / 1024;
  } catch {
    return Number.NaN;
  }
}

/** Waits until the process used under 50 ms of CPU in a second (at most a minute; at once without /proc). */
async function settled(pid: number | undefined): Promise<void> {
  const until = Date.now() + 60_000;
  let last = cpuMsOf(pid);
  while (Number.isFinite(last) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const now = cpuMsOf(pid);
    if (now - last < 50) return;
    last = now;
  }
}

/** User + system CPU of a process in ms (fields 14 and 15 of /proc/<pid>/stat, in clock ticks of 10 ms). */
function cpuMsOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/**
 * Starts the server (migrations, seed of an empty database, no test controls) and waits until it
 * answers. `env` adds settings, e.g. DATABASE_URL for an already seeded database or WEB_DIST.
 * `root`: the checkout whose server runs (compare.ts runs another version of the code from a git worktree).
 */
export async function startMockApi(env: Record<string, string> = {}, root = ROOT): Promise<MockApiProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'carpool-bench-data-'));
  const start = startScript(root);
  const child = spawn(process.execPath, [...start.nodeArgs, '--import', 'tsx', 'src/server.ts'], {
    cwd: path.join(root, 'apps/mock-api'),
    env: {
      ...process.env,
      ...start.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      MOCK_CONTROLS: '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the mock API exited with code ${child.exitCode}`);
    }
    if (Date.now() - started > START_TIMEOUT_MS) {
      await stop();
      throw new Error(`the mock API did not answer within ${START_TIMEOUT_MS / 1000} s`);
    }
    if (await fetch(`${base}/api/config`).then((answer) => answer.ok, () => false)) {
      return { base, stop, cpuMs: () => cpuMsOf(child.pid), rssMb: () => rssMbOf(child.pid), settled: () => settled(child.pid) };
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}
