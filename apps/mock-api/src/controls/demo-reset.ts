import type { FastifyInstance } from 'fastify';
import { AR_OFFSET_MS } from '@carpool/contracts';
import { resetToSeed } from './reset';

const DAY_MS = 86_400_000;
/** The web app's notice shows this long before a reset. */
export const DEMO_RESET_NOTICE_MS = 30 * 60_000;
/** How often the server looks at its clock (it also looks whenever the clock is moved). */
const CHECK_MS = 30_000;

/** DEMO_RESET: "HH:MM" in Argentina time (UTC−3, no daylight saving), e.g. "05:00"; anything else is refused. */
export function parseDemoReset(value: string | undefined): { minutes: number } | undefined {
  if (!value) return undefined;
  const match = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(value.trim());
  if (!match) throw new Error(`DEMO_RESET must be an hour in Argentina time as HH:MM (e.g. 05:00), got "${value}"`);
  return { minutes: Number(match[1]) * 60 + Number(match[2]) };
}

/** The first instant strictly after `now` at which Argentina's wall clock reads the reset hour. */
export function nextResetAt(now: Date, minutes: number): Date {
  const local = now.getTime() + AR_OFFSET_MS;
  const midnight = Math.floor(local / DAY_MS) * DAY_MS;
  let at = midnight + minutes * 60_000;
  if (at <= local) at += DAY_MS;
  return new Date(at - AR_OFFSET_MS);
}

export type DemoResetStatus = { enabled: boolean; next_reset_at: string | null; notice: boolean; last_reset_at: string | null };

/**
 * The daily demo reset (DEMO_RESET): at the hour, the database is seeded again relative to that day
 * (accounts and uploads people made are not kept), so a demo left running for weeks keeps upcoming
 * trips and open rating windows. It follows the server clock: moving the clock past the hour resets.
 * GET /__demo/reset (public, read-only) tells the web app when, for its notice.
 */
export function demoResetPlugin(app: FastifyInstance, options: { minutes: number; clearFaults?: () => void }) {
  let next = nextResetAt(app.clock.now(), options.minutes);
  let last: Date | null = null;
  let running: Promise<void> | null = null;

  const check = (): Promise<void> => {
    if (running) return running;
    const now = app.clock.now();
    if (now < next) return Promise.resolve();
    running = (async () => {
      try {
        await resetToSeed(app, { keepClock: true, removeUploads: true, clearFaults: options.clearFaults });
        last = app.clock.now();
        app.log.info({ at: last.toISOString() }, 'demo reset');
      } finally {
        next = nextResetAt(app.clock.now(), options.minutes);
        running = null;
      }
    })();
    return running;
  };
  // A moved clock (POST /__mock/clock, a scenario) takes the next hour after its new now: a jump over
  // the hour is a test's doing, not a day gone by, so it skips that reset; a clock that runs into it resets.
  const stop = app.clock.onMove(async () => {
    if (!running) next = nextResetAt(app.clock.now(), options.minutes);
  });
  const timer = setInterval(() => void check().catch((error: unknown) => app.log.error(error, 'demo reset')), CHECK_MS);
  timer.unref();
  app.addHook('preClose', async () => {
    clearInterval(timer);
    stop();
    await running;
  });

  const status = (): DemoResetStatus => {
    const left = next.getTime() - app.clock.now().getTime();
    return { enabled: true, next_reset_at: next.toISOString(), notice: left <= DEMO_RESET_NOTICE_MS, last_reset_at: last?.toISOString() ?? null };
  };
  app.get('/__demo/reset', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    // A reset that is due runs before the answer (the timer would run it within CHECK_MS anyway).
    await check();
    return status();
  });
  return { status, check };
}
