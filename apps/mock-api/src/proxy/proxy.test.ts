import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bearer, build, DEMO } from '../../test/helper';
import type { DriftReportJson } from './drift-report';

/** What the 'provider' does to its next answers: rewrite one entry's answer, or delay it. */
type Drift = { url: RegExp; rewrite?: (body: Record<string, unknown>) => unknown; status?: number; delayMs?: number };
let drift: Drift | undefined;
const seenByProvider: { url: string; headers: Record<string, unknown> }[] = [];

let provider: FastifyInstance;
let proxy: FastifyInstance;
let providerUrl: string;

/** A second instance of our own server plays the provider; an onSend hook makes its answers drift on purpose. */
beforeAll(async () => {
  provider = await build();
  provider.addHook('onRequest', async (request) => {
    seenByProvider.push({ url: request.url, headers: { ...request.headers } });
  });
  provider.addHook('onSend', async (request, reply, payload) => {
    const now = drift;
    if (!now || !now.url.test(request.url.split('?')[0]!)) return payload;
    if (now.delayMs) await new Promise((resolve) => setTimeout(resolve, now.delayMs));
    if (now.status) reply.code(now.status);
    if (!now.rewrite) return payload;
    reply.removeHeader('content-length');
    const text = Buffer.isBuffer(payload) ? payload.toString('utf8') : String(payload);
    return JSON.stringify(now.rewrite(JSON.parse(text) as Record<string, unknown>));
  });
  await provider.listen({ port: 0, host: '127.0.0.1' });
  providerUrl = `http://127.0.0.1:${(provider.server.address() as AddressInfo).port}`;
  proxy = await build({ providerUrl, mockControlsToken: 'drift-token-drift-token' });
  await proxy.ready();
});

beforeEach(async () => {
  drift = undefined;
  seenByProvider.length = 0;
  await proxy.inject({ method: 'DELETE', url: '/__mock/drift', headers: { 'x-mock-controls-token': 'drift-token-drift-token' } });
});

const report = async () =>
  (await proxy.inject({ method: 'GET', url: '/__mock/drift', headers: { 'x-mock-controls-token': 'drift-token-drift-token' } })).json<DriftReportJson>();
const entryOf = (json: DriftReportJson, id: string) => json.entries.find((entry) => entry.id === id);
const direct = (path: string, init: RequestInit = {}) => fetch(`${providerUrl}${path}`, init);

describe('the validating proxy (PROVIDER_URL)', () => {
  it('passes answers through untouched and counts matching calls with no mismatch', async () => {
    const viaProxy = await proxy.inject({ method: 'GET', url: '/api/config' });
    const straight = await direct('/api/config');
    expect(viaProxy.statusCode).toBe(200);
    expect(viaProxy.json()).toEqual(await straight.json());
    const json = await report();
    expect(entryOf(json, 'config.show')).toMatchObject({ calls: 1, mismatchedCalls: 0, statuses: { 200: 1 }, mismatches: [] });
    expect(json.mismatchKinds).toBe(0);
  });

  it('forwards Authorization and the client headers, never the controls token', async () => {
    const login = await proxy.inject({ method: 'POST', url: '/api/login', payload: DEMO.passenger });
    expect(login.statusCode).toBe(200);
    const { token } = login.json<{ token: string }>();
    const me = await proxy.inject({ method: 'GET', url: '/api/users/me', headers: { ...bearer(token), 'x-app-platform': 'web', 'x-mock-controls-token': 'drift-token-drift-token' } });
    expect(me.statusCode).toBe(200);
    expect(me.json<{ data: { email: string } }>().data.email).toBe(DEMO.passenger.email);
    const seen = seenByProvider.find((call) => call.url === '/api/users/me')!;
    expect(seen.headers.authorization).toBe(`Bearer ${token}`);
    expect(seen.headers['x-app-platform']).toBe('web');
    expect(seen.headers['x-mock-controls-token']).toBeUndefined();
    // The provider refuses a caller without a token: the proxy gives its refusal, not an answer.
    const guest = await proxy.inject({ method: 'GET', url: '/api/users/me' });
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toEqual(await (await direct('/api/users/me')).json());
    expect(entryOf(await report(), 'users.show')).toMatchObject({ calls: 2, mismatchedCalls: 0, statuses: { 200: 1, 401: 1 } });
  });

  it('names each drifted entry and field exactly (renamed, missing, wrong type, 500, slow) and passes every answer through', async () => {
    const warn = vi.spyOn(proxy.log, 'warn');
    const cases: { drift: Drift; url: string; entry: string; kind?: Record<string, unknown> }[] = [
      {
        drift: { url: /^\/api\/config$/, rewrite: ({ name_app, ...rest }) => ({ ...rest, app_name: name_app }) },
        url: '/api/config',
        entry: 'config.show',
        kind: { place: 'answer', path: 'name_app', expected: 'string', received: 'missing' },
      },
      {
        drift: { url: /^\/api\/trips$/, rewrite: (body) => ({ ...body, data: (body.data as Record<string, unknown>[]).map(({ id: _id, ...trip }) => trip) }) },
        url: '/api/trips?page=1&page_size=5',
        entry: 'trips.search',
        kind: { place: 'answer', path: 'data[].id', expected: 'number', received: 'missing' },
      },
      {
        drift: { url: /^\/api\/config$/, rewrite: (body) => ({ ...body, module_trip_seats_payment: String(body.module_trip_seats_payment) }) },
        url: '/api/config',
        entry: 'config.show',
        kind: { place: 'answer', path: 'module_trip_seats_payment', expected: 'boolean', received: 'string' },
      },
      {
        drift: { url: /^\/api\/car-colors$/, status: 500, rewrite: () => ({ message: 'Server Error' }) },
        url: '/api/car-colors',
        entry: 'cars.colors',
        kind: { place: 'status', path: '(status)', expected: '200', received: '500' },
      },
      { drift: { url: /^\/api\/changelogs$/, delayMs: 1_100 }, url: '/api/changelogs', entry: 'changelogs.list' },
    ];
    for (const one of cases) {
      await proxy.inject({ method: 'DELETE', url: '/__mock/drift', headers: { 'x-mock-controls-token': 'drift-token-drift-token' } });
      drift = one.drift;
      const straight = await direct(one.url);
      const straightBody = await straight.json();
      const viaProxy = await proxy.inject({ method: 'GET', url: one.url });
      // Transparent: the drifted answer reaches the client exactly as the provider sent it.
      expect(viaProxy.statusCode, one.entry).toBe(straight.status);
      if (one.entry !== 'trips.search') expect(viaProxy.json(), one.entry).toEqual(straightBody);
      else expect((viaProxy.json<{ data: object[] }>().data[0] as object)).not.toHaveProperty('id');
      const json = await report();
      const drifted = json.entries.filter((entry) => entry.mismatches.length > 0);
      if (!one.kind) {
        expect(drifted).toEqual([]);
        expect(entryOf(json, one.entry)).toMatchObject({ calls: 1, slowCalls: 1 });
        expect(entryOf(json, one.entry)!.maxMs).toBeGreaterThan(1_000);
        continue;
      }
      expect(drifted.map((entry) => entry.id), one.entry).toEqual([one.entry]);
      expect(drifted[0]!.mismatches, one.entry).toEqual([expect.objectContaining({ ...one.kind, count: 1 })]);
      expect(warn.mock.calls.flat().join('\n')).toContain(`contract drift: ${one.entry} ${String(one.kind.place)} ${String(one.kind.path)}`);
    }
  });

  it('logs one line per new kind of mismatch, not one per call', async () => {
    const warn = vi.spyOn(proxy.log, 'warn');
    warn.mockClear();
    drift = { url: /^\/api\/config$/, rewrite: ({ name_app: _gone, ...rest }) => rest };
    for (let call = 0; call < 3; call++) await proxy.inject({ method: 'GET', url: '/api/config' });
    expect(warn.mock.calls.filter((args) => String(args[0]).includes('contract drift: config.show answer name_app'))).toHaveLength(1);
    expect(entryOf(await report(), 'config.show')!.mismatches).toEqual([expect.objectContaining({ path: 'name_app', count: 3 })]);
  });

  it("answers bad input with the provider's own answer, and counts what the contract refuses", async () => {
    const bad = { email: 42, password: 'x' };
    const viaProxy = await proxy.inject({ method: 'POST', url: '/api/login', payload: bad });
    const straight = await direct('/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(bad) });
    expect(viaProxy.statusCode).toBe(straight.status);
    expect(viaProxy.json()).toEqual(await straight.json());
    const broken = await proxy.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    const brokenStraight = await direct('/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":' });
    expect(broken.statusCode).toBe(brokenStraight.status);
    expect(broken.json()).toEqual(await brokenStraight.json());
    const entry = entryOf(await report(), 'auth.login')!;
    expect(Object.values(entry.statuses).reduce((sum, count) => sum + count, 0)).toBe(2);
    expect(Object.keys(entry.statuses).every((status) => Number(status) >= 400 && Number(status) < 500)).toBe(true);
    expect(entry.mismatches.filter((kind) => kind.place === 'body').map((kind) => kind.path)).toEqual(['email', '(root)']);
  });

  it('forwards and counts calls the registry does not have', async () => {
    const viaProxy = await proxy.inject({ method: 'GET', url: '/api/not-in-the-registry/7' });
    const straight = await direct('/api/not-in-the-registry/7');
    expect(viaProxy.statusCode).toBe(straight.status);
    expect(viaProxy.json()).toEqual(await straight.json());
    expect((await report()).unknown).toEqual([{ method: 'GET', path: '/api/not-in-the-registry/7', calls: 1, statuses: { [straight.status]: 1 } }]);
  });

  it("gives 502 in the provider's error format when the provider is down, and counts it", async () => {
    const down = await build({ providerUrl: 'http://127.0.0.1:9', mockControlsToken: 'drift-token-drift-token' });
    const answer = await down.inject({ method: 'GET', url: '/api/trips?page=1' });
    expect(answer.statusCode).toBe(502);
    expect(answer.json()).toEqual({ message: expect.stringContaining('Bad Gateway'), errors: { error: 'server_error' } });
    const json = (await down.inject({ method: 'GET', url: '/__mock/drift', headers: { 'x-mock-controls-token': 'drift-token-drift-token' } })).json<DriftReportJson>();
    expect(json.providerFailures).toBe(1);
    expect(entryOf(json, 'trips.search')).toMatchObject({ calls: 1, providerFailures: 1, statuses: { '502 (proxy)': 1 }, mismatches: [] });
  });

  it('still serves the web app config, the API docs and the controls itself', async () => {
    expect((await proxy.inject({ method: 'GET', url: '/api/docs/openapi.json' })).statusCode).toBe(200);
    const docs = await proxy.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(docs.json<{ openapi: string }>().openapi).toMatch(/^3\./);
    expect(seenByProvider.filter((call) => call.url.startsWith('/api/docs'))).toEqual([]);
  });

  it('shows the drift report only under the controls access rule, as JSON or a page', async () => {
    expect((await proxy.inject({ method: 'GET', url: '/__mock/drift' })).statusCode).toBe(403);
    expect((await proxy.inject({ method: 'GET', url: '/__mock/drift', headers: { 'x-mock-controls-token': 'wrong' } })).statusCode).toBe(403);
    await proxy.inject({ method: 'GET', url: '/api/config' });
    const page = await proxy.inject({ method: 'GET', url: '/__mock/drift', headers: { accept: 'text/html', 'x-mock-controls-token': 'drift-token-drift-token' } });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<html lang="es">');
    expect(page.body).toContain('config.show');
    expect(page.headers['cache-control']).toBe('no-store');
  });
});
