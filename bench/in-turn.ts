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
  /** The p99 with every slice's first second too (`measuredRun`: the connections' lock-step start). */
  p99WithStart: number;
  cpuMs: number;
  sliceP99: number[];
  sliceCpuMs: number[];
  meanBytes: number;
  steal: number;
  sliceSteal: number[];
  sliceTimes: number[][];
};

/**
 * One run of `connections` connections asking `paths` from `from` on: `settleSeconds` first, not
 * counted, then `seconds` counted (`times`: every 2xx answer's time in ms, to the microsecond; the
 * server's CPU, the host's steal and the answers' bytes over the counted seconds only).
 *
 * Why the first second is not counted (29 Nov, fifteenth sitting): a run's 20 connections are new
 * and start in lock-step, all asking at once, and for ~0.7 s the server and the client take turns
 * instead of working at once: in that stretch the server's main thread was busy 70–90 ms of every
 * 100 ms (90–100 after) and the client 458 of 600 ms (513 after), with ~60 % of the later
 * throughput. In runs of the varied mix at 100k trips the first second held 34–58 % of the answers at
 * or above the run's p99, and GET /api/config showed the same (337 of its 459): it comes with the
 * load's start, whatever the route. The bench used to warm the server up with one autocannon run
 * and measure with another, whose fresh connections started in lock-step again. `startTimes` keeps
 * the first second's answers (the figures with them are printed too).
 */
export type MeasuredRun = {
  times: number[];
  startTimes: number[];
  /** Answers of any status in the counted seconds. */
  answers: number;
  cpuMs: number;
  bytes: number;
  steal: number;
  /** autocannon's errors, timeouts and non-2xx answers over the whole run, its first seconds included. */
  errors: number;
};

export async function measuredRun(
  server: MockApiProcess,
  paths: Paths,
  from: number,
  options: { connections: number; seconds: number; settleSeconds: number; headers?: Record<string, string> },
): Promise<MeasuredRun> {
  const { connections, seconds, settleSeconds, headers = {} } = options;
  let next = from;
  const times: number[] = [];
  const startTimes: number[] = [];
  let answers = 0;
  let bytes = 0;
  let counting = settleSeconds <= 0;
  let cpuFrom = counting ? server.cpuMs() : Number.NaN;
  let machineFrom = cpuTimes();
  const started = performance.now();
  const run = autocannon({
    url: server.base + paths(next),
    connections,
    duration: settleSeconds + seconds,
    headers,
    requests: [{ setupRequest: (request) => ({ ...request, path: paths(next++) }) }],
  });
  run.on('response', (_client: unknown, status: number, size: number, ms: number) => {
    if (!counting && performance.now() - started >= settleSeconds * 1000) {
      counting = true;
      cpuFrom = server.cpuMs();
      machineFrom = cpuTimes();
    }
    if (!counting) {
      if (status >= 200 && status < 300) startTimes.push(ms);
      return;
    }
    answers++;
    if (status < 200 || status >= 300) return;
    times.push(ms);
    bytes += size;
  });
  const result = await run;
  return {
    times,
    startTimes,
    answers,
    cpuMs: server.cpuMs() - cpuFrom,
    bytes,
    steal: stolen(machineFrom),
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

export type InTurnOptions = { slices: number; seconds: number; connections: number; settleSeconds?: number };

/**
 * The same requests under `connections` connections on two servers in turn (both running, the one
 * not measured idle), `slices` slices of each, the order swapped every slice (first, second, second,
 * first...): the two are compared over the same minutes of the shared machine, where runs minutes
 * apart carry its drift (in one run of 26 Nov the large size's mix fell in a slow patch, p50 2.45
 * against 1.11 ms one at a time in another run). Slice k asks both servers the same requests, from
 * `from + k × 1,000,000` of `paths`. Every response's time is kept (autocannon's `response` event, to
 * the microsecond; its own percentiles are whole milliseconds) and the slices' times are pooled
 * before taking the percentiles. Each slice first runs `settleSeconds` (default 1) not counted
 * (`measuredRun`).
 */
export async function inTurn(first: MockApiProcess, second: MockApiProcess, paths: Paths, from: number, options: InTurnOptions): Promise<{ first: Latencies; second: Latencies }> {
  const { slices, seconds, connections, settleSeconds = 1 } = options;
  const fresh = () => ({ times: [] as number[], startTimes: [] as number[], cpu: 0, bytes: 0, sliceP99: [] as number[], sliceCpuMs: [] as number[], steal: [] as number[], sliceTimes: [] as number[][] });
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
      const { times, startTimes, cpuMs: cpu, bytes, steal } = await measuredRun(server, paths, counter, { connections, seconds, settleSeconds });
      kept[which].startTimes.push(...startTimes);
      kept[which].bytes += bytes;
      kept[which].cpu += cpu;
      kept[which].sliceCpuMs.push(cpu / Math.max(1, times.length));
      kept[which].steal.push(steal);
      kept[which].times.push(...times);
      kept[which].sliceTimes.push(times);
      kept[which].sliceP99.push(Number(percentile([...times].sort((a, b) => a - b), 0.99).toFixed(1)));
    }
  }
  const summary = ({ times, startTimes, cpu, bytes, sliceP99, sliceCpuMs, steal, sliceTimes }: ReturnType<typeof fresh>): Latencies => {
    const withStart = [...times, ...startTimes].sort((a, b) => a - b);
    times.sort((a, b) => a - b);
    const requests = Math.max(1, times.length);
    return {
      requests: times.length,
      p50: percentile(times, 0.5),
      p99: percentile(times, 0.99),
      p99WithStart: percentile(withStart, 0.99),
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
