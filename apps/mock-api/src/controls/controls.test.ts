import { describe, expect, it } from 'vitest';
import { readEnv } from '../config/env';
import { DEMO, bearer, build, login } from '../../test/helper';

describe('test controls (MOCK_CONTROLS=1)', () => {
  it('are absent unless MOCK_CONTROLS is on', async () => {
    const app = await build({ mockControls: false });
    const response = await app.inject({ method: 'POST', url: '/__mock/fault', payload: { endpoint: 'config.show', code: 'server_error' } });
    expect(response.statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/__mock/requests' })).statusCode).toBe(404);
  });

  it("DONATION_MONTH_DAYS sets the month's prompt days, kept by a reset; the donation settings change through the control", async () => {
    expect(readEnv({ DONATION_MONTH_DAYS: '0' }).donationMonthDays).toBe(0);
    expect(readEnv({}).donationMonthDays).toBeUndefined();
    for (const bad of ['-1', '32', '2.5', 'diez']) expect(() => readEnv({ DONATION_MONTH_DAYS: bad }), bad).toThrow(/DONATION_MONTH_DAYS/);

    const app = await build({ donationMonthDays: 0 });
    const config = async () => (await app.inject({ method: 'GET', url: '/api/config' })).json().donation;
    const donation = await config();
    expect(donation.month_days).toBe(0);
    // Nothing else of Argentina's donation settings changes.
    expect(donation.trips_count).toBeGreaterThan(0);
    const changed = await app.inject({ method: 'POST', url: '/__mock/config', payload: { donation: { ...donation, month_days: 10 } } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await config()).month_days).toBe(10);
    const bad = await app.inject({ method: 'POST', url: '/__mock/config', payload: { donation: { month_days: 10 } } });
    expect(bad.statusCode).toBe(422);
    expect((await app.inject({ method: 'POST', url: '/__mock/reset', payload: { users: 20, trips: 40 } })).statusCode).toBe(200);
    expect(await config()).toEqual(donation);
  });

  it('move the server clock, freeze it and put it back', async () => {
    const app = await build();
    const set = await app.inject({ method: 'POST', url: '/__mock/clock', payload: { now: '2030-01-01T12:00:00.000Z', frozen: true } });
    expect(set.json()).toMatchObject({ now: '2030-01-01T12:00:00.000Z', overridden: true, frozen: true });
    expect(app.clock.now().toISOString()).toBe('2030-01-01T12:00:00.000Z');
    expect((await app.inject({ method: 'GET', url: '/__mock/status' })).json()).toMatchObject({ now: '2030-01-01T12:00:00.000Z', frozen: true });
    const cleared = await app.inject({ method: 'POST', url: '/__mock/clock', payload: { now: null } });
    expect(cleared.json()).toMatchObject({ overridden: false, frozen: false });
    expect(Math.abs(app.clock.now().getTime() - Date.now())).toBeLessThan(5_000);
  });

  it('switch modules of the configuration, and reset puts the seed and the configuration back', async () => {
    const app = await build();
    await app.inject({ method: 'POST', url: '/__mock/config', payload: { module_trip_seats_payment: true } });
    expect((await app.inject({ method: 'GET', url: '/api/config' })).json().module_trip_seats_payment).toBe(true);
    const badFlag = await app.inject({ method: 'POST', url: '/__mock/config', payload: { name_app: 'otra' } });
    expect(badFlag.statusCode).toBe(422);

    await app.db.trip.deleteMany({});
    const reset = await app.inject({ method: 'POST', url: '/__mock/reset', payload: { users: 20, trips: 40 } });
    expect(reset.statusCode).toBe(200);
    expect(await app.db.trip.count()).toBeGreaterThan(0);
    expect((await app.inject({ method: 'GET', url: '/api/config' })).json().module_trip_seats_payment).toBe(false);
    expect(await login(app, DEMO.passenger)).toBeTruthy();
  });
});

describe('request journal', () => {
  it('lists what was called, newest first, with the entry id, status, query, redacted body and the first KB of the answer', async () => {
    const app = await build();
    await app.inject({ method: 'DELETE', url: '/__mock/requests' });
    await app.inject({ method: 'GET', url: '/api/trips?page_size=2&allow_kids=0' });
    await app.inject({ method: 'POST', url: '/api/login', payload: { email: DEMO.passenger.email, password: DEMO.passenger.password } });
    const all = (await app.inject({ method: 'GET', url: '/__mock/requests' })).json().data;
    expect(all.map((entry: { entry: string }) => entry.entry)).toEqual(['auth.login', 'trips.search']);
    const [loginEntry, search] = all;
    expect(loginEntry).toMatchObject({ method: 'POST', path: '/api/login', status: 200, body: { email: DEMO.passenger.email, password: '[redacted]' } });
    expect(loginEntry.response).toContain('"token":"[redacted]"');
    expect(loginEntry.response).not.toMatch(/eyJ/);
    expect(loginEntry.response.length).toBeLessThanOrEqual(1024);
    expect(search).toMatchObject({ method: 'GET', path: '/api/trips', status: 200, query: { page_size: '2', allow_kids: '0' } });
    expect(search.duration_ms).toBeGreaterThanOrEqual(0);
    // The controls themselves are not journaled.
    expect(all.some((entry: { path: string }) => entry.path.startsWith('/__mock'))).toBe(false);
  });

  it('filters by method, path glob, entry, status, since and limit; DELETE empties it', async () => {
    const app = await build();
    await app.inject({ method: 'DELETE', url: '/__mock/requests' });
    const before = new Date(app.clock.now().getTime() - 1).toISOString();
    await app.inject({ method: 'GET', url: '/api/config' });
    await app.inject({ method: 'GET', url: '/api/trips/999999999' });
    await app.inject({ method: 'GET', url: '/api/trips' });
    const list = async (query: string) => (await app.inject({ method: 'GET', url: `/__mock/requests?${query}` })).json().data as { path: string; status: number }[];
    expect((await list('path=/api/trips*')).map((entry) => entry.path)).toEqual(['/api/trips', '/api/trips/999999999']);
    expect((await list('entry=config.show')).map((entry) => entry.path)).toEqual(['/api/config']);
    expect((await list('status=200&limit=1')).map((entry) => entry.path)).toEqual(['/api/trips']);
    expect(await list('method=post')).toEqual([]);
    expect(await list(`since=${encodeURIComponent(before)}`)).toHaveLength(3);
    expect(await list(`since=${encodeURIComponent(new Date(app.clock.now().getTime() + 60_000).toISOString())}`)).toHaveLength(0);
    const bad = await app.inject({ method: 'GET', url: '/__mock/requests?limit=0&since=yesterday' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['limit', 'since']);
    await app.inject({ method: 'DELETE', url: '/__mock/requests' });
    expect(await list('')).toEqual([]);
  });
});

describe('fault rules', () => {
  it('keep the first form: the next call of an entry fails once with the chosen code', async () => {
    const app = await build();
    const armed = await app.inject({ method: 'POST', url: '/__mock/fault', payload: { endpoint: 'trips.search', code: 'trip_not_foound' } });
    expect(armed.statusCode).toBe(200);
    const failed = await app.inject({ method: 'GET', url: '/api/trips' });
    expect(failed.statusCode).toBe(422);
    expect(failed.json()).toEqual({ message: 'trip_not_foound', errors: { error: 'trip_not_foound' } });
    expect((await app.inject({ method: 'GET', url: '/api/trips' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/__mock/fault' })).json().data).toEqual([]);
  });

  it('refuse unknown entries and codes, and rules without a target or a scope that makes sense, per field', async () => {
    const app = await build();
    const unknown = await app.inject({ method: 'POST', url: '/__mock/fault', payload: { endpoint: 'trips.fly', code: 'nope' } });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors).sort()).toEqual(['code', 'endpoint']);
    const empty = await app.inject({ method: 'POST', url: '/__mock/fault', payload: { effect: 'delay', times: 2, fraction: 0.5 } });
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors).sort()).toEqual(['delay_ms', 'endpoint', 'times']);
    const range = await app.inject({ method: 'POST', url: '/__mock/fault', payload: { path: '/api/trips', delay_ms: 500, delay_max_ms: 100 } });
    expect(Object.keys(range.json().errors)).toEqual(['delay_max_ms']);
    expect((await app.inject({ method: 'DELETE', url: '/__mock/fault/99' })).statusCode).toBe(404);
  });

  it('match a path glob and a method for the next N calls, with the status given', async () => {
    const app = await build();
    await app.inject({ method: 'POST', url: '/__mock/fault', payload: { path: '/api/trips/*', method: 'GET', code: 'server_error', status: 503, times: 2 } });
    expect((await app.inject({ method: 'GET', url: '/api/trips' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/trips/1' })).statusCode).toBe(503);
    const [rule] = (await app.inject({ method: 'GET', url: '/__mock/fault' })).json().data;
    expect(rule).toMatchObject({ path: '/api/trips/*', method: 'GET', effect: 'error', status: 503, scope: 'times', remaining: 1, hits: 1 });
    expect((await app.inject({ method: 'GET', url: '/api/trips/1' })).statusCode).toBe(503);
    expect((await app.inject({ method: 'GET', url: '/api/trips/1' })).statusCode).not.toBe(503);
  });

  it('delay calls (fixed or a range) until cleared; DELETE of one rule ends it', async () => {
    const app = await build();
    const { rule } = (await app.inject({ method: 'POST', url: '/__mock/fault', payload: { endpoint: 'config.show', delay_ms: 300, until_cleared: true } })).json();
    await app.inject({ method: 'POST', url: '/__mock/fault', payload: { endpoint: 'trips.search', delay_ms: 100, delay_max_ms: 200, until_cleared: true } });
    for (let i = 0; i < 2; i++) {
      const start = performance.now();
      expect((await app.inject({ method: 'GET', url: '/api/config' })).statusCode).toBe(200);
      expect(performance.now() - start).toBeGreaterThanOrEqual(290);
    }
    const start = performance.now();
    await app.inject({ method: 'GET', url: '/api/trips?page_size=1' });
    const took = performance.now() - start;
    expect(took).toBeGreaterThanOrEqual(95);
    expect((await app.inject({ method: 'DELETE', url: `/__mock/fault/${rule.id}` })).statusCode).toBe(200);
    const after = performance.now();
    await app.inject({ method: 'GET', url: '/api/config' });
    expect(performance.now() - after).toBeLessThan(250);
    const [left] = (await app.inject({ method: 'GET', url: '/__mock/fault' })).json().data;
    expect(left).toMatchObject({ endpoint: 'trips.search', delay_ms: 100, delay_max_ms: 200, scope: 'until_cleared', hits: 1 });
  });

  it('act on a fraction of the calls', async () => {
    const app = await build();
    await app.inject({ method: 'POST', url: '/__mock/fault', payload: { endpoint: 'config.show', code: 'server_error', fraction: 0.5 } });
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await app.inject({ method: 'GET', url: '/api/config' })).statusCode);
    const failed = statuses.filter((status) => status === 500).length;
    expect(failed).toBeGreaterThan(10);
    expect(failed).toBeLessThan(50);
    expect(statuses.filter((status) => status !== 500).every((status) => status === 200)).toBe(true);
  });

  it('reset clears every rule', async () => {
    const app = await build();
    await app.inject({ method: 'POST', url: '/__mock/fault', payload: { endpoint: 'config.show', code: 'server_error', until_cleared: true } });
    await app.inject({ method: 'POST', url: '/__mock/reset', payload: { users: 20, trips: 40 } });
    expect((await app.inject({ method: 'GET', url: '/__mock/fault' })).json().data).toEqual([]);
    expect((await app.inject({ method: 'GET', url: '/api/config' })).statusCode).toBe(200);
  });
});

describe('named scenarios', () => {
  it('are listed, and refuse an unknown name', async () => {
    const app = await build();
    const names = (await app.inject({ method: 'GET', url: '/__mock/scenarios' })).json().data.map((scenario: { name: string }) => scenario.name);
    expect(names).toEqual(expect.arrayContaining([
      'full-trip', 'seat-awaiting-payment', 'payment-failed', 'rating-window-open', 'sellado-due', 'trip-awaiting-sellado',
      'banned-user', 'unverified-driver', 'many-pending-requests', 'unread-conversation', 'no-trips',
    ]));
    const unknown = await app.inject({ method: 'POST', url: '/__mock/scenario/a-volar', payload: {} });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors)).toEqual(['name']);
  });

  it('put the data in the state they name and answer its ids', async () => {
    const app = await build();
    const apply = async (name: string) => {
      const response = await app.inject({ method: 'POST', url: `/__mock/scenario/${name}`, payload: { users: 40, trips: 120 } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().ids;
    };
    const passenger = await (async () => {
      const full = await apply('full-trip');
      const token = await login(app, DEMO.passenger);
      const trip = (await app.inject({ method: 'GET', url: `/api/trips/${full.trip_id}`, headers: bearer(token) })).json().data;
      expect(trip.seats_available).toBe(0);
      return token;
    })();
    expect(passenger).toBeTruthy();

    const awaiting = await apply('seat-awaiting-payment');
    expect(await app.db.passenger.findUniqueOrThrow({ where: { id: awaiting.request_id } })).toMatchObject({ request_state: 4, user_id: awaiting.passenger_id });
    expect((await app.inject({ method: 'GET', url: '/api/config' })).json().module_trip_seats_payment).toBe(true);

    const failed = await apply('payment-failed');
    expect(await app.db.payment.findUniqueOrThrow({ where: { id: failed.payment_id } })).toMatchObject({ payment_status: 'failed', passenger_id: failed.request_id });

    const rating = await apply('rating-window-open');
    expect(Math.abs(app.clock.now().getTime() - Date.parse(rating.now))).toBeLessThan(60_000);
    const pending = (await app.inject({ method: 'GET', url: '/api/users/ratings/pending', headers: bearer(await login(app, DEMO.passenger)) })).json().data;
    expect(pending.some((row: { trip_id: number }) => row.trip_id === rating.trip_id)).toBe(true);

    const sellado = await apply('sellado-due');
    expect(app.clock.overridden).toBe(false);
    const info = (await app.inject({ method: 'GET', url: '/api/users/sellado-viaje', headers: bearer(await login(app, DEMO.driver)) })).json();
    expect(JSON.stringify(info)).toContain('"user_over_free_limit":true');
    expect(sellado.trips).toBeGreaterThanOrEqual(sellado.free_trips_amount);

    const unpaid = await apply('trip-awaiting-sellado');
    const owned = (await app.inject({ method: 'GET', url: `/api/trips/${unpaid.trip_id}`, headers: bearer(await login(app, DEMO.driver)) })).json().data;
    expect(owned).toMatchObject({ state: 'awaiting_payment', needs_sellado: 1, payment_id: String(unpaid.payment_id) });
    // Hidden to everyone but its owner until the fee is paid.
    const other = await app.inject({ method: 'GET', url: `/api/trips/${unpaid.trip_id}`, headers: bearer(await login(app, DEMO.passenger)) });
    expect(other.statusCode).toBe(422);
    expect(await app.db.payment.findUniqueOrThrow({ where: { id: unpaid.payment_id } })).toMatchObject({ kind: 'sellado', payment_status: 'pending', trip_id: unpaid.trip_id });

    const banned = await apply('banned-user');
    const refused = await app.inject({ method: 'POST', url: '/api/login', payload: { email: banned.email, password: 'carpool123' } });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(JSON.stringify(refused.json())).toMatch(/banned/);

    const unverified = await apply('unverified-driver');
    expect((await app.db.user.findUniqueOrThrow({ where: { id: unverified.user_id } })).driver_is_verified).toBe(false);

    const many = await apply('many-pending-requests');
    expect(await app.db.passenger.count({ where: { trip_id: many.trip_id, request_state: 0 } })).toBe(3);
    expect(many.request_ids).toHaveLength(3);

    const chat = await apply('unread-conversation');
    const conversations = (await app.inject({ method: 'GET', url: '/api/conversations', headers: bearer(await login(app, DEMO.passenger)) })).json().data;
    expect(conversations.find((one: { id: number }) => one.id === chat.conversation_id)).toMatchObject({ unread: true });

    expect(await apply('no-trips')).toEqual({ trips: 0 });
    expect((await app.inject({ method: 'GET', url: '/api/trips' })).json().data).toEqual([]);
  }, 120_000);
});

describe('OpenAPI', () => {
  it('lists every control under the tag "controls" with its schemas', async () => {
    const app = await build();
    const document = (await app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    expect(document.tags).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'controls' })]));
    const controlPaths = Object.keys(document.paths).filter((path) => path.startsWith('/__mock'));
    expect(controlPaths).toEqual(expect.arrayContaining(['/__mock/reset', '/__mock/clock', '/__mock/config', '/__mock/fault', '/__mock/fault/{id}', '/__mock/requests', '/__mock/scenarios', '/__mock/scenario/{name}', '/__mock/outbox', '/__mock/status', '/__mock/drift']));
    expect(Object.keys(document.paths['/__mock/drift'])).toEqual(expect.arrayContaining(['get', 'delete']));
    expect(document.paths['/__mock/fault'].post.tags).toEqual(['controls']);
    expect(document.paths['/__mock/fault'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('delay_max_ms');
    expect(document.paths['/__mock/requests'].get.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(expect.arrayContaining(['method', 'path', 'entry', 'status', 'since', 'limit']));
    const off = await build({ mockControls: false });
    expect(Object.keys((await off.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json().paths).some((path) => path.startsWith('/__mock'))).toBe(false);
  });
});
