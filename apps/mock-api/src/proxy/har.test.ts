import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, build, DEMO } from '../../test/helper';
import type { Har } from './har';
import { checkRecordings } from './offline-check';
import { SOURCE_HEADER } from './replay';

let provider: FastifyInstance;
let proxy: FastifyInstance;
const recordDir = mkdtempSync(path.join(os.tmpdir(), 'carpool-har-'));
/** What a recording must never hold: filled from the provider's own answers. */
const personal: string[] = [DEMO.passenger.password];
let harText = '';
let harFile = '';

beforeAll(async () => {
  provider = await build();
  await provider.listen({ port: 0, host: '127.0.0.1' });
  const providerUrl = `http://127.0.0.1:${(provider.server.address() as AddressInfo).port}`;
  proxy = await build({ providerUrl, recordDir });
  // A session through the proxy: log in, read the profile (e-mail, phone, document), search, a trip, edit the phone.
  const login = await proxy.inject({ method: 'POST', url: '/api/login', payload: DEMO.passenger });
  const { token } = login.json<{ token: string }>();
  personal.push(token, DEMO.passenger.email);
  const me = (await proxy.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) })).json<{ data: Record<string, string | null> }>().data;
  for (const field of ['email', 'mobile_phone', 'nro_doc'] as const) if (me[field]) personal.push(me[field]!);
  const search = await proxy.inject({ method: 'GET', url: '/api/trips?page=1&page_size=3', headers: bearer(token) });
  const tripId = search.json<{ data: { id: number }[] }>().data[0]!.id;
  await proxy.inject({ method: 'GET', url: `/api/trips/${tripId}`, headers: bearer(token) });
  await proxy.inject({ method: 'GET', url: '/api/users/search?name=pasajera@carpool.ar', headers: bearer(token) });
  await proxy.inject({ method: 'POST', url: '/api/log', payload: { message: `mail me at ${DEMO.passenger.email} or +54 9 341 555-0199`, level: 'error' } });
  personal.push('+54 9 341 555-0199');
  await proxy.close();
  const files = readdirSync(recordDir).filter((name) => name.endsWith('.har'));
  expect(files).toHaveLength(1);
  harFile = path.join(recordDir, files[0]!);
  harText = readFileSync(harFile, 'utf8');
});

describe('HAR recordings (RECORD_DIR) and the offline check', () => {
  it('writes every exchange as HAR 1.2', () => {
    const har = JSON.parse(harText) as Har;
    expect(har.log.version).toBe('1.2');
    expect(har.log.entries.map((entry) => `${entry.request.method} ${entry._endpoint ?? '?'} ${entry.response.status}`)).toEqual([
      'POST auth.login 200',
      'GET users.show 200',
      'GET trips.search 200',
      'GET trips.show 200',
      expect.stringMatching(/^GET users\.search 40[13]$/),
      'POST logging.log 200',
    ]);
    // What is not personal is kept as it came: dates, names of places, numbers.
    const trip = JSON.parse(har.log.entries[3]!.response.content.text!) as { data: { trip_date: string; from_town: string } };
    expect(trip.data.trip_date).toMatch(/^20\d\d-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(trip.data.from_town).not.toMatch(/^x+$/);
  });

  it('writes nothing personal: no token, password, e-mail, phone or document number', () => {
    expect(personal.length).toBeGreaterThanOrEqual(5);
    for (const secret of personal) expect(harText, `the recording holds ${secret.slice(0, 12)}…`).not.toContain(secret);
    // Not even URL-encoded, nor the bare digits of a phone or a document.
    for (const secret of personal) expect(harText).not.toContain(encodeURIComponent(secret));
    for (const digits of personal.filter((value) => /^\+?[\d\s-]+$/.test(value)).map((value) => value.replace(/\D/g, ''))) expect(harText).not.toContain(digits);
    const har = JSON.parse(harText) as Har;
    const auth = har.log.entries[1]!.request.headers.find((header) => header.name === 'authorization');
    expect(auth?.value).toBe('Bearer xxxxxxxx');
  });

  it('validates offline with 0 mismatches, and names each field of a drifted copy', () => {
    const clean = checkRecordings(harFile);
    expect(clean.calls).toBe(6);
    expect(clean.mismatchKinds).toBe(0);
    const har = JSON.parse(harText) as Har;
    const trip = har.log.entries.find((entry) => entry._endpoint === 'trips.show')!;
    const body = JSON.parse(trip.response.content.text!) as { data: Record<string, unknown> };
    body.data.seats_available = String(body.data.seats_available);
    delete body.data.id;
    trip.response.content.text = JSON.stringify(body);
    const driftedFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'carpool-har-drift-')), 'drifted.har');
    writeFileSync(driftedFile, JSON.stringify(har));
    const drifted = checkRecordings(driftedFile);
    const entry = drifted.entries.find((one) => one.id === 'trips.show')!;
    expect(entry.mismatches.map((kind) => `${kind.path}: ${kind.expected} ≠ ${kind.received}`).sort()).toEqual(['data.id: number ≠ missing', 'data.seats_available: number ≠ string']);
    expect(drifted.entries.filter((one) => one.mismatches.length > 0).map((one) => one.id)).toEqual(['trips.show']);
  });

  it('replays the answers a recording covers (REPLAY_DIR), the rest from SQLite, and says which', async () => {
    const replay = await build({ replayDir: recordDir });
    const har = JSON.parse(harText) as Har;
    const recordedSearch = har.log.entries.find((entry) => entry._endpoint === 'trips.search')!;
    const search = await replay.inject({ method: 'GET', url: '/api/trips?page=1&page_size=3' });
    expect(search.headers[SOURCE_HEADER]).toBe('replay');
    expect(search.json()).toEqual(JSON.parse(recordedSearch.response.content.text!));
    // Another query: not covered, answered by SQLite.
    const other = await replay.inject({ method: 'GET', url: '/api/trips?page=2&page_size=3' });
    expect(other.headers[SOURCE_HEADER]).toBe('mock');
    expect(other.statusCode).toBe(200);
    // Logins are never replayed (the recorded token is redacted): a real session from SQLite.
    const login = await replay.inject({ method: 'POST', url: '/api/login', payload: DEMO.passenger });
    expect(login.headers[SOURCE_HEADER]).toBe('mock');
    // A recorded call that needs a session is replayed only to a caller the route accepts.
    const guest = await replay.inject({ method: 'GET', url: '/api/users/me' });
    expect(guest.statusCode).toBe(401);
    const me = await replay.inject({ method: 'GET', url: '/api/users/me', headers: bearer(login.json<{ token: string }>().token) });
    expect(me.headers[SOURCE_HEADER]).toBe('replay');
  });
});
