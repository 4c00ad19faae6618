/**
 * The proxy's added latency: `cd apps/mock-api && npx tsx src/proxy/latency.bench.ts`.
 * Two `npm start` servers in processes of their own: one seeded server plays the provider, the other
 * proxies to it (PROVIDER_URL). Each call is timed straight to the provider and through the proxy,
 * one at a time and under 20 connections (autocannon, from this process). docs/provider-proxy.md
 * keeps the numbers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';

const SEQUENTIAL = Number(process.env.BENCH_CALLS ?? 300);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PROVIDER_PORT = Number(process.env.BENCH_PROVIDER_PORT ?? 3291);
const PROXY_PORT = Number(process.env.BENCH_PROXY_PORT ?? 3292);
const appRoot = path.resolve(import.meta.dirname, '../..');

/** `npm start`'s server in a process of its own (migrated and seeded), as in production. */
function server(port: number, extra: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: appRoot,
    env: { ...process.env, PORT: String(port), DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'carpool-proxy-bench-')), LOG_LEVEL: 'silent', MOCK_CONTROLS: '1', ...extra },
    stdio: 'ignore',
  });
}

async function ready(url: string) {
  for (let attempt = 0; attempt < 600; attempt++) {
    const answer = await fetch(url).catch(() => undefined);
    if (answer?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer`);
}

const providerUrl = `http://127.0.0.1:${PROVIDER_PORT}`;
const proxyUrl = `http://127.0.0.1:${PROXY_PORT}`;
const children = [server(PROVIDER_PORT, {})];
await ready(`${providerUrl}/api/config`);
children.push(server(PROXY_PORT, { PROVIDER_URL: providerUrl }));
await ready(`${proxyUrl}/api/config`);
// The provider's search index and kept trip answers are warm before anything is timed.
await new Promise((resolve) => setTimeout(resolve, 5_000));

const trip = ((await (await fetch(`${providerUrl}/api/trips?page=1&page_size=1`)).json()) as { data: { id: number }[] }).data[0]!.id;
const { token } = (await (await fetch(`${providerUrl}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'pasajera@carpool.ar', password: 'carpool123' }) })).json()) as { token: string };
const calls: { name: string; path: string; headers: Record<string, string> }[] = [
  { name: 'GET /api/config', path: '/api/config', headers: {} },
  { name: 'GET /api/trips?page_size=20', path: '/api/trips?page=1&page_size=20', headers: {} },
  { name: `GET /api/trips/:id`, path: `/api/trips/${trip}`, headers: { authorization: `Bearer ${token}` } },
];

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

async function oneAtATime(base: string, call: (typeof calls)[number]) {
  const times: number[] = [];
  for (let index = 0; index < SEQUENTIAL + 20; index++) {
    const started = performance.now();
    const answer = await fetch(`${base}${call.path}`, { headers: call.headers });
    await answer.arrayBuffer();
    if (index >= 20) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95) };
}

async function underLoad(base: string, call: (typeof calls)[number]) {
  const result = await autocannon({ url: `${base}${call.path}`, headers: call.headers, connections: 20, duration: SECONDS });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

const rows: string[] = ['| Call | Mode | Direct | Through the proxy | Added |', '|---|---|---:|---:|---:|'];
const ms = (value: number) => `${value.toFixed(2)} ms`;
for (const call of calls) {
  const direct = await oneAtATime(providerUrl, call);
  const proxied = await oneAtATime(proxyUrl, call);
  rows.push(`| ${call.name} | one at a time, p50 | ${ms(direct.p50)} | ${ms(proxied.p50)} | ${ms(proxied.p50 - direct.p50)} |`);
  rows.push(`| ${call.name} | one at a time, p95 | ${ms(direct.p95)} | ${ms(proxied.p95)} | ${ms(proxied.p95 - direct.p95)} |`);
  const loadDirect = await underLoad(providerUrl, call);
  const loadProxied = await underLoad(proxyUrl, call);
  rows.push(`| ${call.name} | 20 connections, p50 | ${loadDirect.p50} ms | ${loadProxied.p50} ms | ${loadProxied.p50 - loadDirect.p50} ms |`);
  rows.push(`| ${call.name} | 20 connections, p99 | ${loadDirect.p99} ms | ${loadProxied.p99} ms | ${loadProxied.p99 - loadDirect.p99} ms |`);
  rows.push(`| ${call.name} | 20 connections, req/s | ${loadDirect.rps.toFixed(0)} | ${loadProxied.rps.toFixed(0)} | ${(((loadProxied.rps - loadDirect.rps) / loadDirect.rps) * 100).toFixed(0)} % |`);
  if (loadDirect.errors || loadProxied.errors) rows.push(`| ${call.name} | errors or non-2xx | ${loadDirect.errors} | ${loadProxied.errors} | |`);
}
console.log(rows.join('\n'));
const report = (await (await fetch(`${proxyUrl}/__mock/drift?format=json`)).json()) as { calls: number; mismatchedCalls: number; providerFailures: number };
console.log(`\nproxy drift report after the bench: ${report.calls} calls, ${report.mismatchedCalls} with a mismatch, ${report.providerFailures} not answered`);
for (const child of children) child.kill('SIGTERM');
