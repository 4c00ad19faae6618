import { copyFileSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bearer, build, DEMO } from '../../test/helper';
import type { Har } from './har';
import { checkRecordings } from './offline-check';

/** The shipped recording: a session made through the proxy against our own server. */
export const FIXTURE = path.resolve(import.meta.dirname, '../../test/fixtures/har/our-server.har');

/**
 * UPDATE_HAR_FIXTURE=1 npx vitest run src/proxy/fixture.test.ts records the fixture again:
 * a passenger logs in, reads the config, searches, opens a trip and asks for a seat; the driver
 * reads the trip's requests.
 */
describe.runIf(process.env.UPDATE_HAR_FIXTURE === '1')('recording the fixture', () => {
  it('records a session through the proxy', { timeout: 120_000 }, async () => {
    const provider = await build();
    await provider.listen({ port: 0, host: '127.0.0.1' });
    const recordDir = mkdtempSync(path.join(os.tmpdir(), 'carpool-har-fixture-'));
    const proxy = await build({ providerUrl: `http://127.0.0.1:${(provider.server.address() as AddressInfo).port}`, recordDir });
    const as = async (who: { email: string; password: string }) => (await proxy.inject({ method: 'POST', url: '/api/login', payload: who })).json<{ token: string }>().token;
    const passenger = await as(DEMO.passenger);
    await proxy.inject({ method: 'GET', url: '/api/config' });
    await proxy.inject({ method: 'GET', url: '/api/users/me', headers: bearer(passenger) });
    const search = await proxy.inject({ method: 'GET', url: '/api/trips?page=1&page_size=5', headers: bearer(passenger) });
    const trip = search.json<{ data: { id: number; user_id: number }[] }>().data.find((one) => one.user_id !== 3)!;
    await proxy.inject({ method: 'GET', url: `/api/trips/${trip.id}`, headers: bearer(passenger) });
    const request = await proxy.inject({ method: 'POST', url: `/api/trips/${trip.id}/requests`, headers: bearer(passenger), payload: {} });
    expect(request.statusCode, request.body).toBe(200);
    await proxy.inject({ method: 'GET', url: '/api/users/requests', headers: bearer(passenger) });
    await proxy.inject({ method: 'GET', url: '/api/trips/autocomplete?name=Rosa' });
    await proxy.close();
    const [file] = readdirSync(recordDir).filter((name) => name.endsWith('.har'));
    copyFileSync(path.join(recordDir, file!), FIXTURE);
  });
});

describe('the shipped recording', () => {
  it('validates against the contract with 0 mismatches', () => {
    const report = checkRecordings(FIXTURE);
    expect(report.calls).toBeGreaterThanOrEqual(8);
    expect(report.entries.map((entry) => entry.id)).toEqual(expect.arrayContaining(['auth.login', 'trips.search', 'trips.show', 'requests.create']));
    expect(report.entries.flatMap((entry) => entry.mismatches)).toEqual([]);
  });

  it('a drifted copy names each drifted entry and field', () => {
    const har = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Har;
    const search = har.log.entries.find((entry) => entry._endpoint === 'trips.search')!;
    const body = JSON.parse(search.response.content.text!) as { data: Record<string, unknown>[]; meta?: Record<string, unknown> };
    for (const row of body.data) {
      row.town_from = row.from_town;
      delete row.from_town;
    }
    delete body.meta;
    search.response.content.text = JSON.stringify(body);
    const config = har.log.entries.find((entry) => entry._endpoint === 'config.show')!;
    config.response.status = 500;
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'carpool-har-drift-')), 'drifted.har');
    writeFileSync(file, JSON.stringify(har));
    const report = checkRecordings(file);
    const named = report.entries.flatMap((entry) => entry.mismatches.map((kind) => `${entry.id} ${kind.place} ${kind.path} ${kind.expected}/${kind.received}`));
    expect(named.sort()).toEqual(['config.show status (status) 200/500', 'trips.search answer data[].from_town string/missing', 'trips.search answer meta object/missing']);
  });
});
