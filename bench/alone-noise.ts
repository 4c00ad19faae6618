// How far apart two runs alone of the same code measure: `npm run bench:noise` from the repository root.
//
// Why (issue 15, seventeenth sitting): search.bench.ts measures the varied mix's p99 at 1k and at 100k
// trips twice: "alone" (each size's own run of 10 s, minutes apart, as every route of the bench) and
// "in turn" (slices of 3 s of each size back to back, `inTurn` in in-turn.ts). The target "100k vs 1k
// p99 ≤ 1.5" is judged on the figure in turn (docs/architecture/design.md, "Search speed against issue 15's targets"),
// because alone the ratio carries the machine's drift between the two runs. This script measures that
// drift where there is nothing else to measure: two servers of the same code on copies of the same 1k
// database (A and B), each run alone as the bench runs a route, so their p99 ratio B / A would be 1 on
// a quiet machine. A 100k server (L) runs in the same cycles, so the ratio the bench prints alone
// (L / A, L / B) is seen beside the noise of a ratio that should not move. Each cycle runs A, B and L
// one after the other, each 10 s after a second not counted (`measuredRun`), every request of the
// mix different.
//
// Settings (environment): BENCH_DB=<file> and BENCH_SMALL_DB=<file> already seeded databases for the
// 100k and the 1k servers (copied first, never written; without them each is seeded, ~25 s and ~2 s),
// BENCH_TRIPS (default 100000) and BENCH_SMALL_TRIPS (default 1000) for the seeds, NOISE_CYCLES
// (default 5), BENCH_DURATION (default 10), BENCH_CONNECTIONS (default 20). No test asserts these figures.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyDb, seeded } from './bench-db';
import { measuredRun } from './in-turn';
import { startMockApi, type MockApiProcess } from './mock-api-process';
import { searchMix } from './search-mix';
import { median, percentile } from './stats';

const LARGE = Number(process.env.BENCH_TRIPS ?? 100_000);
const SMALL = Number(process.env.BENCH_SMALL_TRIPS ?? 1_000);
const CYCLES = Number(process.env.NOISE_CYCLES ?? 5);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

type Measure = { p99: number; cpuMs: number; steal: number; rps: number };

const range = (values: number[]) => `${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}, median ${median(values).toFixed(2)}`;

async function main() {
  console.log(`The varied mix alone, ${CYCLES} cycles of A, B (${SMALL.toLocaleString('en')} trips, the same code and data) and L (${LARGE.toLocaleString('en')} trips), ${DURATION} s each, ${CONNECTIONS} connections`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'carpool-noise-'));
  // A reused file is copied before `seeded` migrates it and adds the bench's fixture trips to it.
  const small = await seeded(SMALL, process.env.BENCH_SMALL_DB && copyDb(process.env.BENCH_SMALL_DB, dir, 'small'));
  const large = await seeded(LARGE, process.env.BENCH_DB && copyDb(process.env.BENCH_DB, dir, 'large'));
  const servers: Record<'A' | 'B' | 'L', MockApiProcess | undefined> = { A: undefined, B: undefined, L: undefined };
  try {
    // Each server on a file of its own, so that A and B share nothing but the code and the data.
    servers.A = await startMockApi({ DATABASE_URL: `file:${copyDb(fileURLToPath(small.url), dir, 'a')}` });
    servers.B = await startMockApi({ DATABASE_URL: `file:${copyDb(fileURLToPath(small.url), dir, 'b')}` });
    servers.L = await startMockApi({ DATABASE_URL: `file:${copyDb(fileURLToPath(large.url), dir, 'l')}` });
    const mix = searchMix();
    // Each request of the mix asked once: every run starts a million requests past the last.
    let next = 10_000_000;
    for (const server of Object.values(servers)) {
      await server!.settled();
      // A fresh server's first seconds on the mix run unoptimised code (see search.bench.ts, `hit`).
      await measuredRun(server!, mix, next, { connections: CONNECTIONS, seconds: 4, settleSeconds: 1 });
      next += 1_000_000;
    }
    const measured: Record<'A' | 'B' | 'L', Measure[]> = { A: [], B: [], L: [] };
    for (let cycle = 1; cycle <= CYCLES; cycle++) {
      for (const name of ['A', 'B', 'L'] as const) {
        const run = await measuredRun(servers[name]!, mix, next, { connections: CONNECTIONS, seconds: DURATION, settleSeconds: 1 });
        next += 1_000_000;
        const times = run.times.sort((a, b) => a - b);
        const measure = { p99: percentile(times, 0.99), cpuMs: run.cpuMs / Math.max(1, run.answers), steal: run.steal, rps: run.answers / DURATION };
        measured[name].push(measure);
        console.log(
          `  cycle ${cycle} ${name}: p99 ${measure.p99.toFixed(2)} ms, server CPU ${measure.cpuMs.toFixed(3)} ms a search, ${measure.rps.toFixed(0)} searches/s, host steal ${measure.steal.toFixed(1)} %` +
            (run.errors > 0 ? `, ${run.errors} errors` : ''),
        );
      }
      const [a, b, l] = [measured.A.at(-1)!, measured.B.at(-1)!, measured.L.at(-1)!];
      console.log(
        `    B / A (the same code and data): p99 ${(b.p99 / a.p99).toFixed(2)}, CPU ${(b.cpuMs / a.cpuMs).toFixed(2)}; ` +
          `L / A: p99 ${(l.p99 / a.p99).toFixed(2)}, CPU ${(l.cpuMs / a.cpuMs).toFixed(2)}; L / B: p99 ${(l.p99 / b.p99).toFixed(2)}, CPU ${(l.cpuMs / b.cpuMs).toFixed(2)}`,
      );
    }
    const ratios = (top: Measure[], bottom: Measure[], field: 'p99' | 'cpuMs') => top.map((m, k) => m[field] / bottom[k]![field]);
    console.log('\nOver the cycles (lowest–highest):');
    console.log(`  the same code and data alone, B / A: p99 ${range(ratios(measured.B, measured.A, 'p99'))}; CPU a search ${range(ratios(measured.B, measured.A, 'cpuMs'))}`);
    const largeOverSmall = [...ratios(measured.L, measured.A, 'p99'), ...ratios(measured.L, measured.B, 'p99')];
    console.log(`  ${LARGE.toLocaleString('en')} / ${SMALL.toLocaleString('en')} trips alone, L / A and L / B: p99 ${range(largeOverSmall)}`);
    for (const name of ['A', 'B', 'L'] as const) {
      console.log(`  ${name}: p99 ${range(measured[name].map((m) => m.p99))} ms; server CPU ${range(measured[name].map((m) => m.cpuMs))} ms a search`);
    }
  } finally {
    for (const server of Object.values(servers)) await server?.stop();
    small.cleanup();
    large.cleanup();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
