import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { PrismaLibSQL } from '@prisma/adapter-libsql';
import { PrismaClient } from '@prisma/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkTransaction, insertRows, type Row } from './sql';

// The seed's bulk writes: its own driver connection, one prepared multi-row INSERT per table.

const COLUMNS = 'id INTEGER PRIMARY KEY, name TEXT, flag BOOLEAN, at DATETIME, ratio REAL, count INTEGER, note TEXT';

function sampleRows(n: number, first = 1): Row[] {
  return Array.from({ length: n }, (_, i) => ({
    id: first + i,
    name: i % 7 === 0 ? `O'Higgins ${i}` : `Fila ${i} — ñandú`,
    flag: i % 2 === 0,
    at: new Date(Date.UTC(2026, 10, 28, 12, 0, i)),
    ratio: -58.30884 + i / 3,
    count: i * 1_000_003,
    note: i % 5 === 0 ? null : 'texto',
  }));
}

/** Runs the garbage collector a few times, and the finalizers it queues (closing unreferenced connections). */
async function collectGarbage(): Promise<void> {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

let dir: string;
let prisma: PrismaClient;

/** The rows as stored, read through Prisma (the server's reads), with each value's SQLite type. */
async function stored(table: string): Promise<Record<string, unknown>[]> {
  return prisma.$queryRawUnsafe(
    `SELECT id, name, flag, typeof(flag) AS flag_type, CAST(at AS TEXT) AS at_text, at, ratio, count, typeof(count) AS count_type, note FROM "${table}" ORDER BY id`,
  );
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'carpool-sql-'));
  prisma = new PrismaClient({ adapter: new PrismaLibSQL({ url: `file:${path.join(dir, 'sql.db')}` }) });
  for (const name of ['loaded', 'rolled_back']) await prisma.$executeRawUnsafe(`CREATE TABLE "${name}" (${COLUMNS})`);
});

afterAll(async () => {
  await prisma?.$disconnect();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('seed bulk inserts', () => {
  it('stores every row and value as given, a last partial chunk included', async () => {
    // 47 rows: two full chunks of 20 rows and a last one of 7.
    const rows = sampleRows(47);
    expect(await bulkTransaction(prisma, (db) => insertRows(db, 'loaded', rows))).toBe(47);
    const back = await stored('loaded');
    expect(back).toHaveLength(47);
    back.forEach((row, i) => {
      const given = rows[i]!;
      expect(row).toEqual({
        id: given.id,
        name: given.name,
        // Prisma's text format for DateTime, which it reads back as the same instant.
        at_text: (given.at as Date).toISOString().replace('Z', '+00:00'),
        at: given.at,
        flag: given.flag,
        flag_type: 'integer',
        // Bound, the double is stored exactly (a written-out literal can come back one unit off in the last place).
        ratio: given.ratio,
        count: given.count,
        count_type: 'integer',
        note: given.note,
      });
    });
  });

  it('rolls back every row when the work fails part-way', async () => {
    await expect(
      bulkTransaction(prisma, async (db) => {
        await insertRows(db, 'rolled_back', sampleRows(30));
        await insertRows(db, 'rolled_back', sampleRows(1, 30)); // id 30 again: the primary key refuses it
      }),
    ).rejects.toThrow(/UNIQUE constraint failed/);
    expect(await stored('rolled_back')).toEqual([]);
    // The connection let go of its lock: Prisma writes the same table at once.
    await prisma.$executeRawUnsafe(`INSERT INTO "rolled_back" (id) VALUES (1)`);
    expect(await prisma.$queryRawUnsafe('SELECT id FROM "rolled_back"')).toEqual([{ id: 1 }]);
  });

  it("leaves a database in WAL mode whole under Prisma's open connection once its own connection closes", async () => {
    // The server's case: WAL, Prisma connected (/__mock/reset seeds under it). The seed's
    // connection must use Prisma's own copy of SQLite (sqlite.ts). With the
    // other copy, its close (which SQLite defers until its statements are collected) found no
    // other connection, checkpointed and deleted the -wal and -shm files under Prisma: Prisma's
    // later writes went to a deleted file (lost) or failed with SQLITE_IOERR_SHORT_READ.
    const url = `file:${path.join(dir, 'wal.db')}`;
    let walDb = new PrismaClient({ adapter: new PrismaLibSQL({ url }) });
    try {
      await walDb.$executeRawUnsafe(`CREATE TABLE "t" (${COLUMNS})`);
      await walDb.$queryRawUnsafe('PRAGMA journal_mode = WAL');
      await walDb.$queryRawUnsafe('SELECT COUNT(*) FROM "t"');
      await bulkTransaction(walDb, (db) => insertRows(db, 't', sampleRows(5)));
      await collectGarbage();
      expect(existsSync(path.join(dir, 'wal.db-wal'))).toBe(true);
      // Prisma writes as the server does: in an interactive transaction, and alone.
      await walDb.$transaction(async (tx) => {
        await tx.$executeRawUnsafe('INSERT INTO "t" (id, name) VALUES (?, ?)', 6, 'por Prisma');
      });
      await walDb.$executeRawUnsafe('INSERT INTO "t" (id, name) VALUES (?, ?)', 7, 'por Prisma');
    } finally {
      await walDb.$disconnect();
    }
    // What every connection committed is in the file, for a client that opens it afresh.
    walDb = new PrismaClient({ adapter: new PrismaLibSQL({ url }) });
    try {
      expect(await walDb.$queryRawUnsafe('SELECT COUNT(*) AS n FROM "t"')).toEqual([{ n: 7 }]);
      expect(await walDb.$queryRawUnsafe('PRAGMA integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    } finally {
      await walDb.$disconnect();
    }
  });

  it("waits for another request's Prisma transaction to end without stopping the process", async () => {
    // The server's case: a request's interactive transaction holds the write lock across awaits
    // when /__mock/reset seeds. A synchronous busy wait would block the event loop, so the
    // transaction could never end and the seed would fail after its busy time.
    await prisma.$executeRawUnsafe(`CREATE TABLE "waited" (${COLUMNS})`);
    let inserted!: () => void;
    const insertedOnce = new Promise<void>((resolve) => (inserted = resolve));
    const order: string[] = [];
    const other = prisma.$transaction(async (tx) => {
      await tx.$executeRawUnsafe('INSERT INTO "waited" (id, name) VALUES (1000, ?)', 'otra petición');
      inserted();
      await new Promise((resolve) => setTimeout(resolve, 150)); // the event loop must turn for this
      order.push('transaction');
    });
    await insertedOnce;
    // Another client: the first one's adapter would queue the seed's first query behind its own
    // transaction, which hides the wait on the server most of the time, not always.
    const second = new PrismaClient({ adapter: new PrismaLibSQL({ url: `file:${path.join(dir, 'sql.db')}` }) });
    try {
      const seeded = bulkTransaction(second, async (db) => {
        order.push('seed');
        return insertRows(db, 'waited', sampleRows(3));
      }, 3000);
      await expect(seeded).resolves.toBe(3);
      await other;
    } finally {
      await second.$disconnect();
    }
    expect(order).toEqual(['transaction', 'seed']);
    expect(await prisma.$queryRawUnsafe('SELECT id FROM "waited" ORDER BY id')).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }, { id: 1000 }]);
  });

  it('refuses a database in memory instead of writing to another one', async () => {
    const memory = new PrismaClient({ adapter: new PrismaLibSQL({ url: ':memory:' }) });
    try {
      await expect(bulkTransaction(memory, async () => 1)).rejects.toThrow('the seed writes a database file; this database is in memory');
    } finally {
      await memory.$disconnect();
    }
  });
});
