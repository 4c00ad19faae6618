import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO, bearer, build, login } from '../../test/helper';
import { PNG_BYTES, PNG_DATA_URL, filesIn, multipart, pdf, png } from '../../test/forms';
import { AppError } from '../lib/app-error';
import { DISK_RETRY_AFTER_SECONDS, isDiskError } from '../plugins/errors';
import { RATE_LIMITS } from '../plugins/rate-limits';
import { PART_STALL_MS, createUploadService } from '../services/upload-service';

const tmpFiles = (app: FastifyInstance) => filesIn(app.env.dataDir, 'tmp');

/** The provider's error body: a message and an errors object, nothing else. */
function expectProviderError(body: string) {
  const parsed = JSON.parse(body) as Record<string, unknown>;
  expect(Object.keys(parsed).sort()).toEqual(['errors', 'message']);
  expect(typeof parsed.message).toBe('string');
  expect(typeof parsed.errors).toBe('object');
  return parsed as { message: string; errors: Record<string, unknown> };
}

async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as net.AddressInfo).port;
}

/** Sends exact bytes over a raw socket; answers what came back when the server closed (or at the deadline) and how long it took. */
function raw(port: number, request: string, deadlineMs = 15_000) {
  return new Promise<{ status: number; headers: string; body: string; ms: number }>((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    const finish = () => {
      clearTimeout(timer);
      const [head = '', ...rest] = answer.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.\d (\d{3})/.exec(head)?.[1] ?? 0), headers: head, body: rest.join('\r\n\r\n'), ms: Date.now() - started });
    };
    const timer = setTimeout(() => {
      socket.destroy();
      finish();
    }, deadlineMs);
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('end', finish);
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

/** The exact bytes: a file part whose closing boundary never comes. */
const UNTERMINATED = '--B\r\nContent-Disposition: form-data; name="a"; filename="x.png"\r\nContent-Type: image/png\r\n\r\nxxxxx';

afterEach(() => vi.restoreAllMocks());

describe('issue 45: an unterminated multipart file part', () => {
  it('over real HTTP answers 422 in the provider format within a bounded time and leaves no temporary file (guest and signed in)', async () => {
    const app = await build();
    const token = await login(app, DEMO.passenger);
    const port = await listen(app);
    for (const auth of ['', `Authorization: Bearer ${token}\r\n`]) {
      for (const method of ['POST', 'PUT']) {
        if (method === 'PUT' && !auth) continue;
        const answer = await raw(
          port,
          `${method} /api/users HTTP/1.1\r\nHost: x\r\nConnection: close\r\n${auth}Content-Type: multipart/form-data; boundary=B\r\n` +
            `Content-Length: ${Buffer.byteLength(UNTERMINATED)}\r\n\r\n${UNTERMINATED}`,
        );
        expect(answer.status, `${method} ${auth ? 'signed in' : 'guest'}: ${answer.headers}`).toBe(422);
        expect(expectProviderError(answer.body).errors).toEqual({ error: 'validation_failed' });
        expect(answer.ms).toBeLessThan(PART_STALL_MS + 3_000);
      }
    }
    expect(tmpFiles(app)).toEqual([]);
  });

  it('is cut off once the body has ended even when busboy reported it before anyone listened', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'carpool-uploads-'));
    const uploads = createUploadService({ dataDir, partStallMs: 50 });
    // The part as busboy leaves it: its one 'error' already emitted, then neither end nor data.
    const file = new PassThrough();
    file.on('error', () => {});
    file.emit('error', new Error('Part terminated early due to unexpected end of multipart data'));
    const body = Readable.from([]);
    body.resume();
    await new Promise((resolve) => body.once('end', resolve));
    const tracked: string[] = [];
    const received = uploads.receive({ filename: 'x.png', mimetype: 'image/png', file }, (name) => tracked.push(name), { body });
    await expect(received).rejects.toMatchObject({ code: 'validation_failed', status: 422 });
    expect(tracked.filter((name) => existsSync(name))).toEqual([]);
    expect(filesIn(dataDir, 'tmp')).toEqual([]);
  });

  it('leaves a part that did end alone, however long its reader takes after the body ended', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'carpool-uploads-'));
    const uploads = createUploadService({ dataDir, partStallMs: 1 });
    const body = Readable.from([]);
    body.resume();
    await new Promise((resolve) => body.once('end', resolve));
    // As busboy leaves a whole part: every byte and the end pushed while the body was parsed.
    const file = new PassThrough({ highWaterMark: 4 });
    file.write(PNG_BYTES.subarray(0, 10));
    file.end(PNG_BYTES.subarray(10));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const descriptor = await uploads.receive({ filename: 'a.png', mimetype: 'image/png', file }, () => {}, { body });
    expect(descriptor).toMatchObject({ mimetype: 'image/png', size: PNG_BYTES.length });
    expect(readFileSync(descriptor!.path)).toEqual(PNG_BYTES);
  });
});

describe('issue 45: uploads are on disk before the answer', () => {
  /** FileHandle's prototype, shared by every handle fs/promises opens: the write path syncs through it. */
  async function fileHandlePrototype(app: FastifyInstance) {
    const handle = await open(path.join(app.env.dataDir, 'test.db'), 'r');
    await handle.close();
    return Object.getPrototypeOf(handle) as { sync: () => Promise<void>; writeFile: (data: Buffer) => Promise<void> };
  }

  /** Every file the user's rows name exists on disk with bytes in it. */
  async function expectNoDanglingFiles(app: FastifyInstance, userId: number) {
    const user = await app.db.user.findUniqueOrThrow({ where: { id: userId } });
    const rows = await app.db.uploadedFile.findMany({ where: { user_id: userId } });
    const named = [...rows.map((row) => row.path), ...(user.image ? [`profile/${user.image}`] : [])];
    for (const file of named) {
      const absolute = path.join(app.env.dataDir, 'uploads', file);
      // Seeded names may have no file in a test's private folder; a file that exists must not be empty.
      if (existsSync(absolute)) expect(readFileSync(absolute).length, file).toBeGreaterThan(0);
    }
    return user;
  }

  it('syncs a photo and its folder before answering 200', async () => {
    const app = await build();
    const token = await login(app, DEMO.passenger);
    const proto = await fileHandlePrototype(app);
    const original = proto.sync;
    const profileWhenSynced: string[][] = [];
    const sync = vi.spyOn(proto, 'sync').mockImplementation(async function (this: unknown) {
      profileWhenSynced.push(filesIn(app.env.dataDir, 'profile'));
      return original.call(this);
    });
    const response = await app.inject({ method: 'PUT', url: '/api/users/photo', headers: bearer(token), payload: { profile: PNG_DATA_URL } });
    expect(response.statusCode, response.body).toBe(200);
    // The file, then its folder, both before the answer.
    expect(sync.mock.calls.length).toBeGreaterThanOrEqual(2);
    const user = await app.db.user.findUniqueOrThrow({ where: { email: DEMO.passenger.email } });
    expect(profileWhenSynced.every((names) => names.includes(user.image!))).toBe(true);
    expect(readFileSync(path.join(app.env.dataDir, 'uploads', 'profile', user.image!))).toEqual(PNG_BYTES);
  });

  it('syncs driver documents before they are kept', async () => {
    const app = await build();
    const token = await login(app, DEMO.passenger);
    const proto = await fileHandlePrototype(app);
    const original = proto.sync;
    const sync = vi.spyOn(proto, 'sync').mockImplementation(async function (this: unknown) {
      return original.call(this);
    });
    const form = await multipart({
      _method: 'PUT',
      user_be_driver: 'true',
      account_number: '0110012345678901234567',
      account_type: 'caja_ahorro',
      account_bank: '011',
      driver_data_docs: [pdf(), png()],
    });
    const response = await app.inject({ method: 'POST', url: '/api/users', payload: form.payload, headers: { ...form.headers, ...bearer(token) } });
    expect(response.statusCode, response.body).toBe(200);
    // Two documents and the docs folder.
    expect(sync.mock.calls.length).toBeGreaterThanOrEqual(3);
    expect(filesIn(app.env.dataDir, 'docs')).toHaveLength(2);
  });

  it('a sync that fails answers 503 and leaves no profile naming a missing file', async () => {
    const app = await build();
    const token = await login(app, DEMO.passenger);
    const before = await app.db.user.findUniqueOrThrow({ where: { email: DEMO.passenger.email } });
    const profileBefore = filesIn(app.env.dataDir, 'profile');
    const rowsBefore = await app.db.uploadedFile.count({ where: { user_id: before.id } });
    const proto = await fileHandlePrototype(app);
    vi.spyOn(proto, 'sync').mockRejectedValueOnce(Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO', errno: -5, syscall: 'fsync' }));
    const response = await app.inject({ method: 'PUT', url: '/api/users/photo', headers: bearer(token), payload: { profile: PNG_DATA_URL } });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe(String(DISK_RETRY_AFTER_SECONDS));
    expect(expectProviderError(response.body).errors).toEqual({ error: 'server_error' });
    const after = await expectNoDanglingFiles(app, before.id);
    expect(after.image).toBe(before.image);
    expect(filesIn(app.env.dataDir, 'profile')).toEqual(profileBefore);
    expect(await app.db.uploadedFile.count({ where: { user_id: before.id } })).toBe(rowsBefore);
  });
});

describe('issue 45: a request without Host', () => {
  it('answers HTTP/1.1 without Host with 400 in the provider format; HTTP/1.0 may leave it out', async () => {
    const app = await build();
    const port = await listen(app);
    const answer = await raw(port, 'GET /api/config HTTP/1.1\r\nConnection: close\r\n\r\n');
    expect(answer.status, answer.headers).toBe(400);
    expect(answer.headers).toMatch(/content-type: application\/json/i);
    expect(expectProviderError(answer.body)).toEqual({ message: 'Bad Request: the Host header is required.', errors: { error: 'validation_failed' } });
    const old = await raw(port, 'GET /api/config HTTP/1.0\r\n\r\n');
    expect(old.status, old.headers).toBe(200);
    const normal = await raw(port, 'GET /api/config HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(normal.status).toBe(200);
  });
});

describe('issue 45: profile saves are no registrations', () => {
  it('answers 200 to more profile saves than the registration limit, while registrations stay limited', async () => {
    const app = await build();
    const token = await login(app, DEMO.passenger);
    const { max } = RATE_LIMITS['users.register']!.ip;
    for (let save = 0; save <= max; save++) {
      const form = await multipart({ _method: 'PUT', description: `Guardado número ${save} del perfil, con texto suficiente.` });
      const spoofed = await app.inject({ method: 'POST', url: '/api/users', payload: form.payload, headers: { ...form.headers, ...bearer(token) } });
      expect(spoofed.statusCode, `save ${save + 1}: ${spoofed.body}`).toBe(200);
      const put = await app.inject({ method: 'PUT', url: '/api/users', payload: { description: `Otro guardado ${save} del perfil, por PUT de verdad.` }, headers: bearer(token) });
      expect(put.statusCode, `PUT ${save + 1}: ${put.body}`).toBe(200);
    }
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= max; attempt++) {
      const response = await app.inject({ method: 'POST', url: '/api/users', payload: { email: `nueva${attempt}@example.com` } });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, max).every((status) => status !== 429)).toBe(true);
    expect(statuses[max]).toBe(429);
  });
});

describe('issue 45: a disk that refuses writes', () => {
  it('knows the real error shapes: Node errno codes and SQLite through the driver adapter', () => {
    for (const code of ['ENOSPC', 'EROFS', 'EDQUOT', 'EIO']) expect(isDiskError(Object.assign(new Error(code), { code }))).toBe(true);
    const adapter = (extendedCode: number, message: string) =>
      Object.assign(new Error(message), { name: 'DriverAdapterError', cause: { kind: 'sqlite', extendedCode, originalCode: String(extendedCode), message } });
    expect(isDiskError(adapter(13, 'database or disk is full'))).toBe(true);
    expect(isDiskError(adapter(8, 'attempt to write a readonly database'))).toBe(true);
    expect(isDiskError(adapter(778, 'disk I/O error'))).toBe(true); // SQLITE_IOERR_WRITE
    expect(isDiskError(adapter(2067, 'UNIQUE constraint failed: users.email'))).toBe(false);
    expect(isDiskError(new AppError('validation_failed'))).toBe(false);
    expect(isDiskError(Object.assign(new Error('nope'), { code: 'ENOENT' }))).toBe(false);
  });

  it('a read-only database (SQLITE_READONLY) answers writes 503 with Retry-After; reads keep working', async () => {
    const app = await build();
    const token = await login(app, DEMO.passenger);
    await app.db.$queryRawUnsafe('PRAGMA query_only = 1');
    const write = await app.inject({ method: 'PUT', url: '/api/users', payload: { description: 'Un texto nuevo para el perfil, bastante largo.' }, headers: bearer(token) });
    expect(write.statusCode, write.body).toBe(503);
    expect(write.headers['retry-after']).toBe(String(DISK_RETRY_AFTER_SECONDS));
    expect(expectProviderError(write.body).errors).toEqual({ error: 'server_error' });
    expect((await app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/trips' })).statusCode).toBe(200);
    await app.db.$queryRawUnsafe('PRAGMA query_only = 0');
    expect((await app.inject({ method: 'PUT', url: '/api/users', payload: { description: 'Un texto nuevo para el perfil, bastante largo.' }, headers: bearer(token) })).statusCode).toBe(200);
  });

  it('a full database (SQLITE_FULL) answers 503; reads keep working', async () => {
    const app = await build();
    const token = await login(app, DEMO.passenger);
    const [{ page_count: pages }] = (await app.db.$queryRawUnsafe('PRAGMA page_count')) as [{ page_count: bigint }];
    // The file may not grow past a few more pages, and a filler takes them: the database is full.
    await app.db.$queryRawUnsafe(`PRAGMA max_page_count = ${Number(pages) + 20}`);
    await app.db.$executeRawUnsafe('CREATE TABLE test_filler (bytes BLOB)');
    let full: unknown;
    for (let row = 0; row < 100 && !full; row++) {
      await app.db.$executeRawUnsafe('INSERT INTO test_filler VALUES (zeroblob(3000))').catch((error: unknown) => (full = error));
    }
    expect(isDiskError(full)).toBe(true);
    const write = await app.inject({ method: 'PUT', url: '/api/users', payload: { description: `${'Un perfil que ya no entra. '.repeat(70)}fin` }, headers: bearer(token) });
    expect(write.statusCode, write.body).toBe(503);
    expect(write.headers['retry-after']).toBe(String(DISK_RETRY_AFTER_SECONDS));
    expect(expectProviderError(write.body).errors).toEqual({ error: 'server_error' });
    expect((await app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/trips' })).statusCode).toBe(200);
  });

  it('a full disk while a photo is written (ENOSPC) answers 503 and keeps nothing', async () => {
    const app = await build();
    const token = await login(app, DEMO.passenger);
    const before = await app.db.user.findUniqueOrThrow({ where: { email: DEMO.passenger.email } });
    const profileBefore = filesIn(app.env.dataDir, 'profile');
    const handle = await open(path.join(app.env.dataDir, 'test.db'), 'r');
    await handle.close();
    const proto = Object.getPrototypeOf(handle) as { writeFile: (data: Buffer) => Promise<void> };
    vi.spyOn(proto, 'writeFile').mockRejectedValueOnce(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' }));
    const response = await app.inject({ method: 'PUT', url: '/api/users/photo', headers: bearer(token), payload: { profile: PNG_DATA_URL } });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe(String(DISK_RETRY_AFTER_SECONDS));
    expect((await app.db.user.findUniqueOrThrow({ where: { id: before.id } })).image).toBe(before.image);
    expect(filesIn(app.env.dataDir, 'profile')).toEqual(profileBefore);
  });
});
