import { describe, expect, it } from 'vitest';
import { build } from '../../test/helper';
import { DEMO_RESET_NOTICE_MS, nextResetAt, parseDemoReset } from './demo-reset';

describe('DEMO_RESET (issue 43)', () => {
  it('reads an hour of Argentina and finds the next one after now (UTC−3)', () => {
    expect(parseDemoReset(undefined)).toBeUndefined();
    expect(parseDemoReset('05:00')).toEqual({ minutes: 300 });
    expect(() => parseDemoReset('5am')).toThrow(/HH:MM/);
    expect(() => parseDemoReset('24:00')).toThrow(/HH:MM/);
    // 04:59 in Argentina is 07:59 UTC: the reset is a minute later, the same day.
    expect(nextResetAt(new Date('2026-12-02T07:59:00Z'), 300).toISOString()).toBe('2026-12-02T08:00:00.000Z');
    expect(nextResetAt(new Date('2026-12-02T08:00:00Z'), 300).toISOString()).toBe('2026-12-03T08:00:00.000Z');
    // 23:30 in Argentina on the 2nd is 02:30 UTC on the 3rd.
    expect(nextResetAt(new Date('2026-12-03T01:00:00Z'), 23 * 60 + 30).toISOString()).toBe('2026-12-03T02:30:00.000Z');
  });

  it('is off unless DEMO_RESET is set', async () => {
    const app = await build();
    expect((await app.inject({ method: 'GET', url: '/__demo/reset' })).statusCode).toBe(404);
  });

  it('announces itself before the hour and reseeds relative to the server clock when the clock reaches it', async () => {
    const app = await build({ demoReset: '05:00', mockControls: false });
    const status = async () => (await app.inject({ method: 'GET', url: '/__demo/reset' })).json();
    const first = await status();
    expect(first).toMatchObject({ enabled: true, last_reset_at: null });
    const next = Date.parse(first.next_reset_at);
    expect(next).toBeGreaterThan(app.clock.now().getTime());

    // Twenty minutes before: the web app's notice is due.
    app.clock.travelTo(new Date(next - 20 * 60_000));
    expect(await status()).toMatchObject({ notice: true, next_reset_at: first.next_reset_at });
    app.clock.travelTo(new Date(next - DEMO_RESET_NOTICE_MS - 60_000));
    expect((await status()).notice).toBe(false);

    // The clock runs into the hour: the demo data people changed is gone, the seed is back.
    await app.db.trip.deleteMany({});
    app.clock.travelTo(new Date(next - 100));
    await new Promise((resolve) => setTimeout(resolve, 250));
    const after = await status();
    expect(after.last_reset_at).not.toBeNull();
    expect(Date.parse(after.next_reset_at)).toBe(next + 86_400_000);
    expect(after.notice).toBe(false);
    expect(await app.db.trip.count()).toBeGreaterThan(1000);
    // Trips are relative to the reset's day: some leave within the next days.
    const upcoming = await app.db.trip.count({ where: { trip_date: { gt: app.clock.now(), lt: new Date(app.clock.now().getTime() + 3 * 86_400_000) } } });
    expect(upcoming).toBeGreaterThan(10);
  }, 120_000);

  it('a jump of the clock over the hour (a test, a scenario) does not reset', async () => {
    const app = await build({ demoReset: '05:00', mockControls: false });
    const first = (await app.inject({ method: 'GET', url: '/__demo/reset' })).json();
    app.clock.travelTo(new Date(Date.parse(first.next_reset_at) + 3 * 86_400_000 + 60_000));
    const after = (await app.inject({ method: 'GET', url: '/__demo/reset' })).json();
    expect(after.last_reset_at).toBeNull();
    expect(Date.parse(after.next_reset_at)).toBeGreaterThan(app.clock.now().getTime());
  });
});
