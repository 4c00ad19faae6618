import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@libsql/client';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { DEMO } from '../../test/helper';
import { freePort } from '../../test/free-port';

/**
 * Crash safety: the real server process is killed with SIGKILL while clients write, then started again
 * on the same data folder. Every write the server acknowledged (a 200 with the message's id) must be in
 * the database, and SQLite's integrity check must say ok. Nothing here times anything.
 */
const APP_DIR = path.resolve(import.meta.dirname, '../..');
const WRITERS = 8;
const KILL_AFTER_ACKS = 120;

async function start(dataDir: string): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: APP_DIR,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', MOCK_CONTROLS: '', NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let tries = 0; tries < 600; tries += 1) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    if (await fetch(`${base}/api/config`).then((answer) => answer.ok, () => false)) return { child, base };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start');
}

const exited = (child: ChildProcess) => (child.exitCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve())));

async function json<T>(answer: Response): Promise<T> {
  expect(answer.status, await answer.clone().text()).toBe(200);
  return (await answer.json()) as T;
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'carpool-crash-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('kill -9 under concurrent writes', () => {
  it('keeps every acknowledged write, and the database passes its integrity check', { timeout: 240_000 }, async () => {
    copyFileSync(inject('templateDb'), path.join(dataDir, 'carpool.db'));
    const first = await start(dataDir);
    const post = (base: string, url: string, token: string, body: unknown) =>
      fetch(`${base}${url}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });

    const { token } = await json<{ token: string }>(await post(first.base, '/api/login', '', DEMO.passenger));
    const driverToken = (await json<{ token: string }>(await post(first.base, '/api/login', '', DEMO.driver))).token;
    const me = async (tokenOf: string) => (await json<{ data: { id: number } }>(await fetch(`${first.base}/api/users/me`, { headers: { authorization: `Bearer ${tokenOf}` } }))).data;
    const driver = await me(driverToken);
    const chat = (await json<{ data: { id: number } }>(await post(first.base, '/api/conversations', token, { to: driver.id }))).data;

    // Writers send messages until the server dies under them; each 200 is an acknowledged write.
    const acknowledged: number[] = [];
    let failures = 0;
    let dead = false;
    const writer = async (index: number) => {
      for (let n = 0; !dead; n += 1) {
        try {
          const answer = await post(first.base, `/api/conversations/${chat.id}/send`, token, { message: `Mensaje ${index}-${n}` });
          if (answer.status === 200) acknowledged.push(((await answer.json()) as { data: { id: number } }).data.id);
        } catch {
          failures += 1; // the connection died with the server: not acknowledged
        }
      }
    };
    const writers = Array.from({ length: WRITERS }, (_, index) => writer(index));
    while (acknowledged.length < KILL_AFTER_ACKS) await new Promise((resolve) => setTimeout(resolve, 5));
    first.child.kill('SIGKILL');
    await exited(first.child);
    dead = true;
    await Promise.all(writers);
    expect(first.child.signalCode).toBe('SIGKILL');

    // Start again on the same folder (recovers the WAL), then stop it cleanly and look at the file.
    const second = await start(dataDir);
    second.child.kill('SIGTERM');
    await exited(second.child);

    const db = createClient({ url: `file:${path.join(dataDir, 'carpool.db')}` });
    const integrity = await db.execute('PRAGMA integrity_check');
    const stored = await db.execute({ sql: 'SELECT id FROM messages WHERE conversation_id = ?', args: [chat.id] });
    db.close();
    const storedIds = new Set(stored.rows.map((row) => Number(row.id)));
    const lost = acknowledged.filter((id) => !storedIds.has(id));
    console.info(`[crash] ${acknowledged.length} acknowledged writes, ${failures} cut by the kill, ${lost.length} lost, integrity: ${String(integrity.rows[0]?.[0])}`);
    expect(integrity.rows[0]?.[0]).toBe('ok');
    expect(lost).toEqual([]);
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
  });
});
