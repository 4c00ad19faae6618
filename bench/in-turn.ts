// Measuring two servers in turn on a shared machine (search.bench.ts: the two sizes; compare.ts: two
// versions of the code).
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import type { MockApiProcess } from './mock-api-process';
import type { Paths } from './search-mix';
import { percentile } from './stats';

/**
 * The machine's CPU time so far, as Linux's /proc/stat counts it (all CPUs, clock ticks): `steal` is
 * the time the host ran something else while this virtual machine wanted to run. Zeros elsewhere.
 */
export function cpuTimes(): { steal: number; total: number } {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    return { steal: fields[7] ?? 0, total: fields.reduce((sum, value) => sum + value, 0) };
  } catch {
    return { steal: 0, total: 0 };
  }
}

/** The share of the CPU time since `before` that the host took (%): a run the host slowed shows here. */
export function stolen(before: ReturnType<typeof cpuTimes>): number {
  const after = cpuTimes();
  return (100 * (after.steal - before.steal)) / Math.max(1, after.total - before.total);
}

/**
 * One server's side of `inTurn`: every response's time pooled (p50, p99), the server's CPU a request
 * over all slices, and per slice its p99, its CPU a request, the host's steal and the times.
 */
export type Latencies = {
  requests: number;
  p50: number;
  p99: number;
  cpuMs: number;
  sliceP99: number[];
  sliceCpuMs: number[];
  meanBytes: number;
  steal: number;
  sliceSteal: number[];
  sliceTimes: number[][];
};

export type InTurnOptions = { slices: number; seconds: number; connections: number };

/**
 * The same requests under `connections` connections on two servers in turn (both running, the one
 * not measured idle), `slices` slices of each, the order swapped every slice (first, second, second,
 * first...): the two are compared over the same minutes of the shared machine, where runs minutes
 * apart carry its drift (in one run of 26 Nov the large size's mix fell in a slow patch, p50 2.45
 * against 1.11 ms one at a time in another run). Slice k asks both servers the same requests, from
 * `from + k × 1,000,000` of `paths`. Every response's time is kept (autocannon's `response` event, to
 * the microsecond; its own percentiles are whole milliseconds) and the slices' times are pooled
 * before taking the percentiles.
 */
export async function inTurn(first: MockApiProcess, second: MockApiProcess, paths: Paths, from: number, options: InTurnOptions): Promise<{ first: Latencies; second: Latencies }> {
  const { slices, seconds, connections } = options;
  const fresh = () => ({ times: [] as number[], cpu: 0, bytes: 0, sliceP99: [] as number[], sliceCpuMs: [] as number[], steal: [] as number[], sliceTimes: [] as number[][] });
  const kept = { first: fresh(), second: fresh() };
  // A server that sat idle (minutes) first runs the requests for a second, not counted (in a first
  // try the idle one's first slice had a p99 of 19.5 ms, the others 5–8).
  for (const server of [first, second]) {
    let next = from - 100_000;
    await autocannon({ url: server.base + paths(next), connections, duration: 1, requests: [{ setupRequest: (request) => ({ ...request, path: paths(next++) }) }] });
  }
  for (let slice = 0; slice < slices; slice++) {
    const counter = from + slice * 1_000_000;
    for (const which of slice % 2 === 0 ? (['first', 'second'] as const) : (['second', 'first'] as const)) {
      const server = which === 'first' ? first : second;
      let next = counter;
      const times: number[] = [];
      const cpuBefore = server.cpuMs();
      const machineBefore = cpuTimes();
      const run = autocannon({
        url: server.base + paths(next),
        connections,
        duration: seconds,
        requests: [{ setupRequest: (request) => ({ ...request, path: paths(next++) }) }],
      });
      run.on('response', (_client: unknown, status: number, bytes: number, ms: number) => {
        if (status !== 200) return;
        times.push(ms);
        kept[which].bytes += bytes;
      });
      await run;
      const cpu = server.cpuMs() - cpuBefore;
      kept[which].cpu += cpu;
      kept[which].sliceCpuMs.push(cpu / Math.max(1, times.length));
      kept[which].steal.push(stolen(machineBefore));
      kept[which].times.push(...times);
      kept[which].sliceTimes.push(times);
      kept[which].sliceP99.push(Number(percentile([...times].sort((a, b) => a - b), 0.99).toFixed(1)));
    }
  }
  const summary = ({ times, cpu, bytes, sliceP99, sliceCpuMs, steal, sliceTimes }: ReturnType<typeof fresh>): Latencies => {
    times.sort((a, b) => a - b);
    const requests = Math.max(1, times.length);
    return {
      requests: times.length,
      p50: percentile(times, 0.5),
      p99: percentile(times, 0.99),
      cpuMs: cpu / requests,
      sliceP99,
      sliceCpuMs,
      meanBytes: bytes / requests,
      steal: steal.reduce((a, b) => a + b, 0) / Math.max(1, steal.length),
      sliceSteal: steal,
      sliceTimes,
    };
  };
  return { first: summary(kept.first), second: summary(kept.second) };
}
