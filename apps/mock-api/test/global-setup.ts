import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDb } from '../src/db/client';
import { migrateDeploy } from '../src/db/migrate';
import { loadPlaces, seedDatabase } from '@carpool/seed';
import { TEST_SEED } from './seed-options';

/**
 * Builds one migrated and seeded template database per run; every test file copies it
 * (test/helper.ts), so files stay independent without paying for migrations each time.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'carpool-test-'));
  const template = path.join(dir, 'template.db');
  await migrateDeploy(`file:${template}`);
  const db = createDb(`file:${template}`);
  await loadPlaces(db);
  await seedDatabase(db, { ...TEST_SEED, uploadsDir: path.join(dir, 'uploads') });
  await db.$disconnect();
  project.provide('templateDb', template);
  project.provide('testDataDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    templateDb: string;
    testDataDir: string;
  }
}
