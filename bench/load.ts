// One run of load on the mock API (search.bench.ts, compare.ts).
import autocannon from 'autocannon';
import type { MockApiProcess } from './mock-api-process';
import type { Paths } from './search-mix';

/**
 * Every 2xx answer's time in ms (to the microsecond: autocannon's own percentiles are whole
 * milliseconds), the answers of any status, the server's CPU and the answers' bytes, over the
 * counted seconds only; `errors`: autocannon's errors, timeouts and non-2xx answers over the whole run.
 */
export type MeasuredRun = { times: number[]; answers: number; cpuMs: number; bytes: number; errors: number };

export type LoadOptions = { connections: number; seconds: number; settleSeconds: number; headers?: Record<string, string> };

/**
 * `connections` connections asking `paths` from `from` on: `settleSeconds` first, not counted, then
 * `seconds` counted. The first seconds are left out because a route's code runs unoptimised until
 * it is warm, and new connections all ask at once before they fall into step with the server.
 */
export async function measuredRun(server: MockApiProcess, paths: Paths, from: number, options: LoadOptions): Promise<MeasuredRun> {
  const { connections, seconds, settleSeconds, headers = {} } = options;
  let next = from;
  const times: number[] = [];
  let answers = 0;
  let bytes = 0;
  let counting = settleSeconds <= 0;
  let cpuFrom = counting ? server.cpuMs() : Number.NaN;
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
    }
    if (!counting) return;
    answers++;
    if (status < 200 || status >= 300) return;
    times.push(ms);
    bytes += size;
  });
  const result = await run;
  return { times, answers, cpuMs: server.cpuMs() - cpuFrom, bytes, errors: result.errors + result.timeouts + result.non2xx };
}
