import { createECDH, randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { endpoints, LENGTHS } from '@carpool/contracts';
import type { FastifyInstance } from 'fastify';
import ece from 'http_ece';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../config/env';
import { createRepositories } from '../repositories/index';
import { makeTrip, makeUser, type TestUser } from '../../test/booking';
import { DEMO, build, expectContract, login } from '../../test/helper';

let app: FastifyInstance;

/** A test-only certificate for 127.0.0.1 (web-push only speaks HTTPS); the app trusts it via PUSH_CA_FILE. */
const relayDir = path.join(repoRoot, 'e2e/fixtures/push-relay');
const pushCaFile = path.join(relayDir, 'cert.pem');

type Received = { headers: IncomingMessage['headers']; body: Buffer; respond: (status: number) => void };

/** A push service on this machine: every POST is kept; the test decides when and how it answers. */
class LocalPushService {
  server: Server;
  received: Received[] = [];
  private waiters: (() => void)[] = [];
  answer: number | 'hold' = 201;

  constructor() {
    this.server = createServer({ key: readFileSync(path.join(relayDir, 'key.pem')), cert: readFileSync(pushCaFile) }, (request: IncomingMessage, response: ServerResponse) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const respond = (status: number) => response.writeHead(status).end();
        this.received.push({ headers: request.headers, body: Buffer.concat(chunks), respond });
        if (this.answer !== 'hold') respond(this.answer);
        this.waiters.splice(0).forEach((wake) => wake());
      });
    });
  }

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `https://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async next(count: number) {
    while (this.received.length < count) await new Promise<void>((resolve) => this.waiters.push(resolve));
    return this.received[count - 1]!;
  }
}

/** A browser's push subscription: its own P-256 key pair and auth secret, as PushManager makes them. */
function browserSubscription(base: string, name: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const subscription = {
    endpoint: `${base}/push/${name}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
  const decrypt = (body: Buffer) =>
    JSON.parse(ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth.toString('base64url') }).toString('utf8')) as Record<string, unknown>;
  return { json: JSON.stringify(subscription), decrypt };
}

const call = (who: TestUser | { headers: Record<string, string> } | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  app.inject({ method, url, headers: who ? who.headers : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

const codeOf = (body: string) => (JSON.parse(body) as { errors?: { error?: unknown } }).errors?.error;

beforeAll(async () => {
  app = await build({ pushCaFile });
});

describe('devices', () => {
  it('asks for a token on every devices call', async () => {
    for (const [method, url] of [
      ['GET', '/api/devices'],
      ['POST', '/api/devices'],
      ['PUT', '/api/devices/1'],
      ['DELETE', '/api/devices/1'],
      ['POST', '/api/devices/logout'],
    ] as const) {
      const response = await call(null, method, url, method === 'GET' || method === 'DELETE' ? undefined : {});
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('registers a browser, updates it from the same session, and lists only the caller\'s devices with the count of those with notifications', async () => {
    const me = await makeUser(app);
    const stranger = await makeUser(app);
    await call(stranger, 'POST', '/api/devices', { device_id: 'their-browser', device_type: 'browser', app_version: 3 });

    const created = expectContract(endpoints.devices.create, await call(me, 'POST', '/api/devices', { device_type: 'browser', app_version: 3, notifications: true }));
    expect(created.data).toMatchObject({ user_id: me.user.id, device_type: 'browser', app_version: 3, notifications: true, language: 'es' });
    // The provider's model timestamps: ISO 8601 in UTC.
    expect(created.data.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
    expect(created.data.device_id).toMatch(/^browser-/);
    expect(created.data).not.toHaveProperty('session_id');

    // Start-up again in the same session with the push subscription: the same row.
    const again = expectContract(endpoints.devices.create, await call(me, 'POST', '/api/devices', { device_id: 'push-token-1', app_version: '3', notifications: 'false' }));
    expect(again.data).toMatchObject({ id: created.data.id, device_id: 'push-token-1', notifications: false });

    const list = expectContract(endpoints.devices.list, await call(me, 'GET', '/api/devices'));
    expect(list.data.map((device) => device.id)).toEqual([created.data.id]);
    expect(list.count).toBe(0);
  });

  it("stores the device type as free text of up to 12 characters, as the provider's column", async () => {
    const me = await makeUser(app);
    const phone = expectContract(endpoints.devices.create, await call(me, 'POST', '/api/devices', { device_id: 'tablet-1', device_type: 'Android 14', app_version: 3 }));
    expect(phone.data.device_type).toBe('Android 14');
    const changed = expectContract(endpoints.devices.update, await call(me, 'PUT', `/api/devices/${phone.data.id}`, { device_type: 'ipados' }));
    expect(changed.data.device_type).toBe('ipados');
    expect((await call(me, 'PUT', `/api/devices/${phone.data.id}`, { device_type: 'x'.repeat(13) })).statusCode).toBe(422);
  });

  it('keeps one user per device: the same device_id registered by another user leaves the first one', async () => {
    const first = await makeUser(app);
    const second = await makeUser(app);
    await call(first, 'POST', '/api/devices', { device_id: 'shared-phone', app_version: 3 });
    await call(second, 'POST', '/api/devices', { device_id: 'shared-phone', app_version: 3 });
    expect(expectContract(endpoints.devices.list, await call(first, 'GET', '/api/devices')).data).toEqual([]);
    expect(expectContract(endpoints.devices.list, await call(second, 'GET', '/api/devices')).data).toHaveLength(1);
  });

  it('refuses bad input with 422 field errors', async () => {
    const me = await makeUser(app);
    for (const body of [
      { app_version: 'x' },
      { app_version: 0 },
      { device_type: '' },
      { device_type: 'x'.repeat(LENGTHS.deviceType + 1) },
      { device_id: '' },
      { device_id: 'x'.repeat(LENGTHS.deviceId + 1) },
      { notifications: 'maybe' },
    ]) {
      const response = await call(me, 'POST', '/api/devices', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json()).toHaveProperty('errors');
    }
    expect((await call(me, 'PUT', '/api/devices/abc', {})).statusCode).toBe(422);
  });

  it("updates and deletes only the caller's own devices (422 device_not_found otherwise)", async () => {
    const owner = await makeUser(app);
    const other = await makeUser(app);
    const device = expectContract(endpoints.devices.create, await call(owner, 'POST', '/api/devices', { device_id: 'owners-phone', app_version: 3 })).data;

    const foreignUpdate = await call(other, 'PUT', `/api/devices/${device.id}`, { notifications: false });
    expect(foreignUpdate.statusCode).toBe(422);
    expect(codeOf(foreignUpdate.body)).toEqual(['device_not_found']);
    expect((await call(owner, 'PUT', '/api/devices/999999', { notifications: false })).statusCode).toBe(422);

    const updated = expectContract(endpoints.devices.update, await call(owner, 'PUT', `/api/devices/${device.id}`, { notifications: false, app_version: 4 }));
    expect(updated.data).toMatchObject({ id: device.id, notifications: false, app_version: 4 });

    const foreignDelete = await call(other, 'DELETE', `/api/devices/${device.id}`);
    expect(foreignDelete.statusCode).toBe(422);
    expect(await app.db.device.count({ where: { id: device.id } })).toBe(1);

    const deleted = await call(owner, 'DELETE', `/api/devices/${device.id}`);
    expect(expectContract(endpoints.devices.delete, deleted)).toBe('OK');
    expect(await app.db.device.count({ where: { id: device.id } })).toBe(0);
  });

  it("logs out this session's device: POST /api/devices/logout, and POST /api/logout", async () => {
    const me = await makeUser(app);
    await call(me, 'POST', '/api/devices', { device_id: 'this-browser', app_version: 3 });
    const loggedOut = expectContract(endpoints.devices.logout, await call(me, 'POST', '/api/devices/logout'));
    expect(loggedOut.message).toBe('Device logged out successfully');
    const again = await call(me, 'POST', '/api/devices/logout');
    expect(again.statusCode).toBe(422);
    expect(codeOf(again.body)).toEqual(['device_not_found']);

    await call(me, 'POST', '/api/devices', { device_id: 'this-browser', app_version: 3 });
    expect((await call(me, 'POST', '/api/logout', {})).statusCode).toBe(200);
    expect(await app.db.device.count({ where: { user_id: me.user.id } })).toBe(0);
  });
});

describe('web push', () => {
  const pushService = new LocalPushService();
  let base: string;

  beforeAll(async () => {
    base = await pushService.start();
  });
  afterAll(() => new Promise<void>((resolve) => pushService.server.close(() => resolve())));

  it('gives the VAPID public key without a token; the key pair is kept in the data folder with mode 0600', async () => {
    const key = expectContract(endpoints.devices.pushKey, await call(null, 'GET', '/api/devices/push-key')).data.public_key;
    const file = path.join(app.env.dataDir, 'vapid-keys.json');
    expect((JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string }).publicKey).toBe(key);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // Decodes to an uncompressed P-256 point, as PushManager.subscribe expects.
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);

    const restarted = await build({ dataDir: app.env.dataDir, pushCaFile });
    expect(restarted.services.push.publicKey).toBe(key);
  });

  it('pushes a seat request to the driver\'s browser, encrypted for it and signed with the VAPID key', async () => {
    const driver = await makeUser(app, { name: 'Daniela' });
    const passenger = await makeUser(app, { name: 'Pedro', image: 'p.jpg', description: 'Hola' });
    const browser = browserSubscription(base, 'driver');
    await call(driver, 'POST', '/api/devices', { device_id: browser.json, app_version: 3 });
    const trip = await makeTrip(app, driver.user.id);

    const before = pushService.received.length;
    const requested = await call(passenger, 'POST', `/api/trips/${trip.id}/requests`);
    expect(requested.statusCode, requested.body).toBe(200);

    const push = await pushService.next(before + 1);
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.authorization).toMatch(/^vapid t=.+, k=/);
    expect(push.headers.authorization).toContain(app.services.push.publicKey);
    expect(push.body.includes(Buffer.from('Pedro'))).toBe(false);
    const message = browser.decrypt(push.body);
    // As the provider's PushChannel sends it: the type inside extras, beside the ids, none at the top.
    expect(message).toMatchObject({ title: 'Carpool', extras: { type: 'trip', trip_id: trip.id } });
    expect(message).not.toHaveProperty('type');
    expect(String(message.body)).toContain('Pedro');
    const stored = await app.db.notification.findFirst({ where: { user_id: driver.user.id }, orderBy: { id: 'desc' } });
    expect(message.body).toBe(stored?.text);
  });

  it("sends nothing to a device with notifications off or to other users' devices", async () => {
    const quiet = await makeUser(app);
    const neighbour = await makeUser(app);
    const quietBrowser = browserSubscription(base, 'quiet');
    await call(quiet, 'POST', '/api/devices', { device_id: quietBrowser.json, app_version: 3, notifications: false });
    const neighbourBrowser = browserSubscription(base, 'neighbour');
    await call(neighbour, 'POST', '/api/devices', { device_id: neighbourBrowser.json, app_version: 3 });

    const before = pushService.received.length;
    await app.services.notifications.notify(quiet.user.id, { type: 'my-trips', text: 'Para el silencioso' });
    await app.services.notifications.notify(neighbour.user.id, { type: 'my-trips', text: 'Para el vecino' });
    await app.services.push.settle();
    const arrived = pushService.received.slice(before);
    expect(arrived).toHaveLength(1);
    expect(neighbourBrowser.decrypt(arrived[0]!.body).body).toBe('Para el vecino');
  });

  it('turns notifications off on a device whose subscription is gone (410)', async () => {
    const me = await makeUser(app);
    const device = expectContract(
      endpoints.devices.create,
      await call(me, 'POST', '/api/devices', { device_id: browserSubscription(base, 'gone').json, app_version: 3 }),
    ).data;
    pushService.answer = 410;
    try {
      await app.services.notifications.notifyMany([{ userId: me.user.id, notification: { type: 'my-trips', text: 'Nadie escucha' } }]);
      await app.services.push.settle();
    } finally {
      pushService.answer = 201;
    }
    expect((await app.db.device.findUniqueOrThrow({ where: { id: device.id } })).notifications).toBe(false);
  });

  it('answers the call that stored the notification while the push service has not answered yet', async () => {
    const driver = await makeUser(app);
    const passenger = await makeUser(app, { image: 'p.jpg', description: 'Hola' });
    await call(driver, 'POST', '/api/devices', { device_id: browserSubscription(base, 'slow').json, app_version: 3 });
    const trip = await makeTrip(app, driver.user.id);

    pushService.answer = 'hold';
    const before = pushService.received.length;
    try {
      const requested = await call(passenger, 'POST', `/api/trips/${trip.id}/requests`);
      expect(requested.statusCode, requested.body).toBe(200);
      const held = await pushService.next(before + 1);
      // The seat request was answered; the push is still waiting on the push service.
      held.respond(201);
    } finally {
      pushService.answer = 201;
    }
    await app.services.push.settle();
  });

  it('does not push a notification whose transaction rolled back', async () => {
    const me = await makeUser(app);
    const browser = browserSubscription(base, 'rollback');
    await call(me, 'POST', '/api/devices', { device_id: browser.json, app_version: 3 });
    const before = pushService.received.length;
    await expect(
      app.db.$transaction(async (tx) => {
        await app.services.notifications.notify(me.user.id, { type: 'my-trips', text: 'Nunca existió' }, createRepositories(tx));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // One that commits after a while: pushed once its row is visible outside the transaction.
    await app.db.$transaction(async (tx) => {
      await app.services.notifications.notify(me.user.id, { type: 'my-trips', text: 'Tras el commit' }, createRepositories(tx));
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    await app.services.notifications.notify(me.user.id, { type: 'my-trips', text: 'Este sí' });
    const settling = performance.now();
    await app.services.push.settle();
    const bodies = pushService.received.slice(before).map((push) => browser.decrypt(push.body).body);
    expect(bodies.sort()).toEqual(['Este sí', 'Tras el commit']);
    // The rolled-back one is given up as soon as its transaction is closed, not after the 20 s a
    // transaction may last.
    expect(performance.now() - settling).toBeLessThan(15_000);
  }, 60_000);
});

describe('client error log', () => {
  it('stores an anonymous client error with its stack, URL and app version, without tags', async () => {
    const response = await call(null, 'POST', '/api/log', {
      log: 'TypeError: x is undefined <script>alert(1)</script><b>!</b>',
      stack: 'TypeError: x is undefined\n    at render (app.js:1:2)',
      url: 'http://localhost/app/trips',
      app_version: 3,
      source: 'web',
      context: { kind: 'unhandledrejection', line: 4 },
    });
    expect(expectContract(endpoints.logging.log, response)).toEqual({ data: 'ok' });
    const row = await app.db.logEntry.findFirstOrThrow({ orderBy: { id: 'desc' } });
    expect(row).toMatchObject({ user_id: null, log: 'TypeError: x is undefined !', url: 'http://localhost/app/trips', app_version: '3', source: 'web' });
    expect(row.stack).toContain('at render');
    expect(JSON.parse(row.context!)).toEqual({ kind: 'unhandledrejection', line: 4 });
  });

  it('keeps the user when a token comes with it, and reads a bad token as nobody', async () => {
    const me = await makeUser(app);
    expect((await call(me, 'POST', '/api/log', { log: 'con usuario' })).statusCode).toBe(200);
    expect((await app.db.logEntry.findFirstOrThrow({ where: { log: 'con usuario' } })).user_id).toBe(me.user.id);
    expect((await call({ headers: { authorization: 'Bearer nope' } }, 'POST', '/api/log', { log: 'token malo' })).statusCode).toBe(200);
    expect((await app.db.logEntry.findFirstOrThrow({ where: { log: 'token malo' } })).user_id).toBeNull();
  });

  it('answers 200 to any body, as the provider: cuts long strings, keeps a context two levels deep, writes nothing without log or context', async () => {
    const me = await makeUser(app);
    const stored = () => app.db.logEntry.count({ where: { user_id: me.user.id } });
    // Nothing to write: no body, an empty one, a list, a log that is no text or only tags.
    for (const body of [undefined, {}, [], { log: '' }, { log: { message: 'x' } }, { log: '<b></b>  ' }, { source: 'web' }]) {
      const response = await call(me, 'POST', '/api/log', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(200);
      expect(response.json()).toEqual({ data: 'ok' });
    }
    const empty = await app.inject({ method: 'POST', url: '/api/log', headers: { ...me.headers, 'content-type': 'application/json' }, payload: '' });
    expect(empty.statusCode, empty.body).toBe(200);
    expect(await stored()).toBe(0);

    const deep = { a: 1, b: { c: 'dos', d: { e: true, f: { g: 'demasiado hondo' } } }, vacio: {}, lista: ['x'] };
    const long = await call(me, 'POST', '/api/log', {
      log: `línea 1\nlínea 2 ${'x'.repeat(5000)}`,
      source: 's'.repeat(300),
      stack: 'y'.repeat(LENGTHS.log + 1),
      app_version: 3,
      context: { ...deep, largo: 'v'.repeat(1500), ['k'.repeat(150)]: 1 },
    });
    expect(long.statusCode).toBe(200);
    const row = await app.db.logEntry.findFirstOrThrow({ where: { user_id: me.user.id } });
    expect(row.log).toHaveLength(4000);
    expect(row.log.startsWith('línea 1 línea 2 x')).toBe(true);
    expect(row.source).toHaveLength(200);
    expect(row.stack).toHaveLength(LENGTHS.log);
    expect(row.app_version).toBe('3');
    const context = JSON.parse(row.context!);
    // The third level of objects is dropped, and so are empty objects; lists are objects in PHP.
    expect(context).toMatchObject({ a: 1, b: { c: 'dos', d: { e: true } }, lista: { 0: 'x' } });
    expect(context.b.d).not.toHaveProperty('f');
    expect(context).not.toHaveProperty('vacio');
    expect(context.largo).toHaveLength(1000);
    expect(context['k'.repeat(100)]).toBe(1);

    // A context alone is written too.
    expect((await call(me, 'POST', '/api/log', { context: { pantalla: 'viajes' } })).statusCode).toBe(200);
    expect(await stored()).toBe(2);
  });

  it('past 10 reports a minute from one user answers 200 and drops the report (the provider has no limit), and counts other users apart', async () => {
    const noisy = await makeUser(app);
    const calm = await makeUser(app);
    for (let i = 0; i < 10; i += 1) expect((await call(noisy, 'POST', '/api/log', { log: `error ${i}` })).statusCode).toBe(200);
    const dropped = await call(noisy, 'POST', '/api/log', { log: 'error 11' });
    expect(expectContract(endpoints.logging.log, dropped)).toEqual({ data: 'ok' });
    expect(await app.db.logEntry.count({ where: { user_id: noisy.user.id } })).toBe(10);
    expect((await call(calm, 'POST', '/api/log', { log: 'otro usuario' })).statusCode).toBe(200);
  });

  it('lists client errors newest first to admins only', async () => {
    const admin = { headers: { authorization: `Bearer ${await login(app, DEMO.admin)}` } };
    const user = await makeUser(app);
    expect((await call(null, 'GET', '/api/admin/logs')).statusCode).toBe(401);
    expect((await call(user, 'GET', '/api/admin/logs')).statusCode).toBe(403);
    expect((await call(admin, 'GET', '/api/admin/logs?page_size=0')).statusCode).toBe(422);

    await call(user, 'POST', '/api/log', { log: 'el último', url: 'http://localhost/app/profile/me' });
    const page = expectContract(endpoints.logging.adminList, await call(admin, 'GET', '/api/admin/logs?page_size=2'));
    expect(page.data[0]).toMatchObject({ log: 'el último', user_id: user.user.id, url: 'http://localhost/app/profile/me' });
    expect(page.data).toHaveLength(2);
    expect(page.meta.pagination.per_page).toBe(2);
    expect(page.meta.pagination.total).toBe(await app.db.logEntry.count());
  });
});
