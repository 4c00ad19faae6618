import { describe, expect, it } from 'vitest';
import { DEMO, build, login } from '../../test/helper';

describe('test controls (MOCK_CONTROLS=1)', () => {
  it('are absent unless MOCK_CONTROLS is on', async () => {
    const app = await build({ mockControls: false });
    const response = await app.inject({ method: 'POST', url: '/__mock/fault', payload: { endpoint: 'config.show', code: 'server_error' } });
    expect(response.statusCode).toBe(404);
  });

  it('make the next call of an endpoint fail once with the chosen code', async () => {
    const app = await build();
    const armed = await app.inject({ method: 'POST', url: '/__mock/fault', payload: { endpoint: 'trips.search', code: 'trip_not_foound' } });
    expect(armed.statusCode).toBe(200);
    const failed = await app.inject({ method: 'GET', url: '/api/trips' });
    expect(failed.statusCode).toBe(422);
    expect(failed.json()).toEqual({ message: 'trip_not_foound', errors: { error: 'trip_not_foound' } });
    expect((await app.inject({ method: 'GET', url: '/api/trips' })).statusCode).toBe(200);
  });

  it('refuse unknown endpoints and codes', async () => {
    const app = await build();
    const response = await app.inject({ method: 'POST', url: '/__mock/fault', payload: { endpoint: 'trips.fly', code: 'nope' } });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['code', 'endpoint']);
  });

  it('move the server clock and put it back', async () => {
    const app = await build();
    const set = await app.inject({ method: 'POST', url: '/__mock/clock', payload: { now: '2030-01-01T12:00:00.000Z', frozen: true } });
    expect(set.json()).toMatchObject({ now: '2030-01-01T12:00:00.000Z', overridden: true });
    expect(app.clock.now().toISOString()).toBe('2030-01-01T12:00:00.000Z');
    const cleared = await app.inject({ method: 'POST', url: '/__mock/clock', payload: { now: null } });
    expect(cleared.json().overridden).toBe(false);
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
