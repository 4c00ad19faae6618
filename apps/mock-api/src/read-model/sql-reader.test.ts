import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Database } from '@carpool/seed/sqlite';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createDb, tuneDb, type Db } from '../db/client';
import { createSqlReader } from './sql-reader';

// The data version every cache of the read model compares (sql-reader.ts): it must move after every
// commit of any connection, in WAL mode (the server) and in the rollback-journal mode of the tests.

const dirs: string[] = [];
const dbs: Db[] = [];
afterAll(async () => {
  await Promise.all(dbs.map((db) => db.$disconnect()));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
afterEach(() => vi.restoreAllMocks());

async function database(wal: boolean): Promise<{ db: Db; file: string }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'carpool-sql-reader-'));
  dirs.push(dir);
  const file = path.join(dir, 'test.db');
  const db = createDb(`file:${file}`);
  dbs.push(db);
  await tuneDb(db, { wal });
  await db.$executeRawUnsafe('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)');
  return { db, file };
}

/** Counts the statements the reader runs (every libsql statement shares one prototype). */
function countStatements(file: string) {
  const probe = new Database(file);
  const prototype = Object.getPrototypeOf(probe.prepare('SELECT 1')) as { get: (...args: unknown[]) => unknown };
  probe.close();
  return vi.spyOn(prototype, 'get');
}

describe.each([
  ['WAL (the server)', true],
  ['rollback journal (the tests)', false],
])('SqlReader.version, %s', (_mode, wal) => {
  it('stays while nothing is written and moves after every commit, by Prisma or another connection', async () => {
    const { db, file } = await database(wal);
    const reader = createSqlReader(db);
    const first = await reader.version();
    expect(await reader.version()).toBe(first);

    const other = new Database(file);
    const seen = new Set([first]);
    let last = first;
    for (let i = 0; i < 40; i++) {
      // Alternately the app's own Prisma and a second connection (as another process would).
      if (i % 2 === 0) await db.$executeRawUnsafe('INSERT INTO notes (text) VALUES (?)', `note ${i}`);
      else other.prepare('INSERT INTO notes (text) VALUES (?)').run(`note ${i}`);
      const now = await reader.version();
      expect(now, `after write ${i}`).not.toBe(last);
      expect(await reader.version(), `read again after write ${i}`).toBe(now);
      seen.add(now);
      last = now;
    }
    expect(seen.size).toBe(41);
    // What was written is what the reader reads at that version.
    expect(await reader.rows('SELECT count(*) FROM notes')).toEqual([[40]]);
    other.close();
  });

  it('moves after a checkpoint restarted the log and a write followed', async () => {
    const { db } = await database(wal);
    const reader = createSqlReader(db);
    await db.$executeRawUnsafe('INSERT INTO notes (text) VALUES (?)', 'before');
    const before = await reader.version();
    if (wal) await db.$queryRawUnsafe('PRAGMA wal_checkpoint(TRUNCATE)');
    await db.$executeRawUnsafe('INSERT INTO notes (text) VALUES (?)', 'after');
    expect(await reader.version()).not.toBe(before);
  });
});

describe('SqlReader.version reads the pragma', () => {
  it.each([
    ['WAL (the server)', true],
    ['rollback journal (the tests)', false],
  ])('on every call, %s', async (_mode, wal) => {
    const { db, file } = await database(wal);
    const reader = createSqlReader(db);
    await reader.version();
    const statements = countStatements(file);
    for (let i = 0; i < 5; i++) await reader.version();
    expect(statements).toHaveBeenCalledTimes(5);
  });
});
