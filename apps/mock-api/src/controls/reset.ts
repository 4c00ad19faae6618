import { rm } from 'node:fs/promises';
import path from 'node:path';
import { seedDatabase, wipeDatabase, type SeedSummary } from '@carpool/seed';
import type { FastifyInstance } from 'fastify';
import { countryFor } from '../config/countries';

export type ResetOptions = { trips?: number; users?: number; keepClock?: boolean; removeUploads?: boolean };

/**
 * Back to a fresh, today-relative seed: the clock (unless kept), the fault rules, the rate limits and
 * the configuration put back, the database wiped and seeded again relative to the server's now.
 */
export async function resetToSeed(app: FastifyInstance, options: ResetOptions & { clearFaults?: () => void } = {}): Promise<SeedSummary> {
  if (!options.keepClock) app.clock.reset();
  options.clearFaults?.();
  app.rateLimits.reset();
  Object.assign(app.country.config, countryFor(app.env).config);
  const uploadsDir = path.join(app.env.dataDir, 'uploads');
  await wipeDatabase(app.db);
  // Files people uploaded: nothing refers to them after the wipe (the seed writes its avatars again).
  if (options.removeUploads) await rm(uploadsDir, { recursive: true, force: true });
  return seedDatabase(app.db, { trips: options.trips, users: options.users, now: app.clock.now(), uploadsDir });
}
