import { createECDH, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { devices, expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import ece from 'http_ece';
import { DEMO, logIn, requestableTrips } from './support';

type ApiDevice = { id: number; user_id: number; device_id: string; device_type: string; app_version: number | string; notifications: boolean };
type ApiTrip = { id: number; is_passenger: number | boolean; seats_available: number; request: string; trip_date: string; to_town: string; passenger?: { id: number }[]; user: { autoaccept_requests?: number | boolean } };

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function tokenOf(request: APIRequestContext, who: { email: string; password: string }): Promise<string> {
  const answer = await request.post('/api/login', { data: who });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { token: string }).token;
}

async function get<T>(request: APIRequestContext, url: string, token: string): Promise<T> {
  const answer = await request.get(url, { headers: auth(token) });
  expect(answer.ok(), `${url}: ${await answer.text()}`).toBe(true);
  return (await answer.json()) as T;
}

const devicesOf = async (request: APIRequestContext, token: string) => (await get<{ data: ApiDevice[] }>(request, '/api/devices', token)).data;

/** What the page keeps in local storage (JSON values). */
const stored = <T>(page: Page, key: string) => page.evaluate((name) => JSON.parse(localStorage.getItem(name) ?? 'null') as unknown, key) as Promise<T | null>;

/** Skip the first-load splash and the onboarding; a value the app wrote later is kept. */
async function seenBefore(context: BrowserContext) {
  await context.addInitScript(() => {
    if (!localStorage.getItem('FIRST_TIME_APP')) localStorage.setItem('FIRST_TIME_APP', JSON.stringify({ loaded: true, onboarded: true }));
  });
}

/** With a modal open, only the dialog is checked: the overlay dims (and so fails the contrast of) the page behind it. */
async function expectAccessible(page: Page, include?: string) {
  const builder = new AxeBuilder({ page }).exclude('#contenido > footer');
  const results = await (include ? builder.include(include) : builder).analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * A push service on this machine, standing in for the browser vendor's (Chromium's is Google's FCM,
 * out of reach here). The mock API trusts its test certificate through PUSH_CA_FILE
 * (playwright.config.ts); every POST is kept.
 */
class LocalPushService {
  private readonly relayDir = path.join(__dirname, 'fixtures/push-relay');
  private readonly server: Server;
  readonly received: { headers: IncomingHttpHeaders; body: Buffer }[] = [];

  constructor() {
    this.server = createServer(
      { key: readFileSync(path.join(this.relayDir, 'key.pem')), cert: readFileSync(path.join(this.relayDir, 'cert.pem')) },
      (request: IncomingMessage, response: ServerResponse) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          this.received.push({ headers: request.headers, body: Buffer.concat(chunks) });
          response.writeHead(201).end();
        });
      },
    );
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `https://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * A browser's push subscription: its own P-256 key pair and auth secret, as PushManager makes them,
 * and the decryption the browser applies to what its push service delivers (RFC 8291, aes128gcm).
 */
function browserSubscription(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const secret = randomBytes(16);
  const json = JSON.stringify({ endpoint, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: secret.toString('base64url') } });
  const decrypt = (body: Buffer) => ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: secret.toString('base64url') }).toString('utf8');
  return { json, decrypt };
}

test.describe.serial('devices, push, install modal and the client error log', () => {
  test.beforeAll(async ({ request }) => {
    expect((await request.post('/__mock/reset', { data: {} })).ok()).toBe(true);
    expect((await request.post('/__mock/config', { data: { module_on_boarding_new_user: false } })).ok()).toBe(true);
  });

  test('start-up registers this browser, a seat request by another user is pushed and shown by the service worker, logout removes the device', async ({
    browser,
    request,
  }) => {
    // The push relay runs in this test's process and the server must trust its certificate
    // (PUSH_CA_FILE): a server in another container (docker compose's e2e profile) cannot reach it.
    test.skip(Boolean(process.env.E2E_BASE_URL), 'the push relay is local to the test process');
    // Room for the push delivered again (up to 3 × 10 s, below) on top of the journey.
    test.setTimeout(120_000);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.grantPermissions(['notifications']);
    await seenBefore(context);
    const page = await context.newPage();
    const pushService = new LocalPushService();
    const pushBase = await pushService.start();

    try {
      const driverToken = await tokenOf(request, DEMO.driver);
      const before = new Set((await devicesOf(request, driverToken)).map((device) => device.id));

      // Login registers the device (start-up and login both update it).
      const deviceCall = (target: Page) =>
        target.waitForResponse((answer) => answer.url().endsWith('/api/devices') && answer.request().method() === 'POST', { timeout: 20_000 });
      await page.goto('/app/login');
      const atLogin = deviceCall(page);
      await logIn(page, DEMO.driver);
      await expect(page).toHaveURL(/\/app\/trips/);
      expect((await atLogin).ok()).toBe(true);
      const current = (await stored<ApiDevice>(page, 'CURRENT_DEVICE'))!;
      expect(before.has(current.id)).toBe(false);
      const registered = (await devicesOf(request, driverToken)).find((device) => device.id === current.id);
      // Permission granted, but Chromium gives a Playwright context no push subscription (its Push API
      // is off in incognito-like contexts, and its push service is out of reach): the device goes
      // without push, as the app registers any browser whose push service fails.
      expect(registered).toMatchObject({ device_type: 'browser', app_version: 3, notifications: false });

      // A new start-up (reload: token refreshed) updates the same device: none is added.
      const atStartUp = deviceCall(page);
      await page.reload();
      expect(((await (await atStartUp).json()) as { data: ApiDevice }).data.id).toBe(current.id);
      expect((await devicesOf(request, driverToken)).filter((device) => !before.has(device.id)).map((device) => device.id)).toEqual([current.id]);
      expect((await stored<ApiDevice>(page, 'CURRENT_DEVICE'))?.id).toBe(current.id);

      // The service worker (/app/sw.js) controls the app.
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

      // The push subscription Chromium cannot make here: keys made by the test, the endpoint its local
      // push service. The device takes it through the app's own call (PUT /api/devices/:id, this session).
      const subscription = browserSubscription(`${pushBase}/push/driver-browser`);
      const pageToken = (await stored<string>(page, 'TOKEN'))!;
      const updated = await request.put(`/api/devices/${current.id}`, { headers: auth(pageToken), data: { device_id: subscription.json, notifications: true } });
      expect(updated.ok(), await updated.text()).toBe(true);

      // Another user asks for a seat on one of the driver's trips.
      const passengerToken = await tokenOf(request, DEMO.passenger);
      const driver = (await get<{ data: { id: number } }>(request, '/api/users/me', driverToken)).data;
      const passenger = (await get<{ data: { id: number } }>(request, '/api/users/me', passengerToken)).data;
      const candidates = await requestableTrips<ApiTrip>(request, passengerToken, driver.id, passenger.id);
      expect(candidates.length, 'trips of the driver the passenger can ask a seat on').toBeGreaterThan(0);
      const trip = candidates[0]!;
      const asked = await request.post(`/api/trips/${trip.id}/requests`, { headers: auth(passengerToken), data: {} });
      expect(asked.ok(), await asked.text()).toBe(true);

      // The server sent it through web-push, encrypted for this subscription, with its VAPID signature.
      await expect.poll(() => pushService.received.length, { timeout: 15_000 }).toBeGreaterThan(0);
      const sent = pushService.received[0]!;
      expect(sent.headers['content-encoding']).toBe('aes128gcm');
      expect(String(sent.headers.authorization)).toMatch(/^vapid t=.+, k=.+/);
      const payload = subscription.decrypt(sent.body);
      // As the provider's PushChannel sends it: the type inside extras, beside the ids.
      const message = JSON.parse(payload) as { title: string; body: string; type?: string; extras: { type: string; trip_id?: number } };
      expect(message).toMatchObject({ title: 'Carpool', extras: { trip_id: trip.id } });
      expect(message).not.toHaveProperty('type');
      expect(message.body).toMatch(/^Lucía Fernández quiere subirse a /);
      // The notification's page: the trip ('trip') or my trips ('my-trips'), as the notification list goes.
      const page_ = message.extras.type === 'trip' ? `/app/trips/${trip.id}` : '/app/my-trips';
      expect(['trip', 'my-trips']).toContain(message.extras.type);

      // Chromium's push service would now hand the decrypted payload to the service worker. Page code
      // cannot fire a real PushEvent, so the DevTools protocol delivers it (the DevTools "Push" button):
      // the app's real worker runs its own 'push' handler on the payload the server produced.
      const cdp = await context.newCDPSession(page);
      const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
      const versions = new Map<string, { registrationId: string; status: string; runningStatus: string }>();
      cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
      cdp.on('ServiceWorker.workerVersionUpdated', (event) => {
        for (const version of event.versions) versions.set(version.versionId, version);
      });
      await cdp.send('ServiceWorker.enable');
      await expect.poll(() => registrations.some((registration) => registration.scopeURL.endsWith('/app/') && !registration.isDeleted)).toBe(true);
      const registration = registrations.find((candidate) => candidate.scopeURL.endsWith('/app/') && !candidate.isDeleted)!;
      // Delivered to the activated worker, running: in this incognito-like context a push handed to a
      // stopped or still installing worker was sometimes shown by nobody (the journey's one flake:
      // 2 runs in 6 failed so before).
      await cdp.send('ServiceWorker.startWorker', { scopeURL: registration.scopeURL });
      const ready = () =>
        [...versions.values()].some(
          (version) => version.registrationId === registration.registrationId && version.status === 'activated' && version.runningStatus === 'running',
        );
      await expect.poll(ready, { timeout: 15_000 }).toBe(true);
      // And held by Playwright (its handle on the worker, evaluated once): a push handed to a worker
      // Chromium was stopping was sometimes shown by nobody.
      const worker = context.serviceWorkers().find((candidate) => candidate.url().endsWith('/app/sw.js'));
      expect(worker, 'the app\'s service worker').toBeDefined();
      expect(await worker!.evaluate(() => 'ready')).toBe('ready');
      const deliver = () =>
        cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(page.url()).origin, registrationId: registration.registrationId, data: payload });
      const shown = async () =>
        page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((notification) => ({
            title: notification.title,
            body: notification.body,
            url: (notification.data as { url?: string } | null)?.url ?? null,
          })),
        );
      // Even so, on a loaded machine Chromium sometimes dropped a DevTools delivery (nothing shown
      // after 5 s, with the server's part passed: a full `npm test`, 27 Nov). A real push service redelivers what was
      // not acknowledged; so does the test, up to 3 times, 10 s apart. A slow first delivery can then
      // show the same notification twice (the server gives no notification_id to tag it with): every
      // notification shown must be the server's, and at least one is.
      let notifications: Awaited<ReturnType<typeof shown>> = [];
      for (let attempt = 1; attempt <= 3 && notifications.length === 0; attempt += 1) {
        await deliver();
        await expect
          .poll(async () => (notifications = await shown()).length, { timeout: 10_000 })
          .toBeGreaterThan(0)
          .catch(() => undefined); // nothing shown: delivered again, and checked below after the last try
      }
      expect(notifications.length).toBeGreaterThan(0);
      expect(notifications).toEqual(notifications.map(() => ({ title: 'Carpool', body: message.body, url: new URL(page_, page.url()).href })));

      // Logout removes the device (and CURRENT_DEVICE).
      await page.getByRole('button', { name: 'Menú de tu cuenta' }).click();
      await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
      await expect(page).toHaveURL(/\/app\/trips/);
      expect(await stored(page, 'CURRENT_DEVICE')).toBeNull();
      const freshToken = await tokenOf(request, DEMO.driver);
      await expect.poll(async () => (await devicesOf(request, freshToken)).map((device) => device.id)).not.toContain(current.id);
    } finally {
      await pushService.stop();
      await context.close();
    }
  });

  const IPHONE = devices['iPhone 13'];

  test("the install modal opens after 2 s on iPhone Safari, passes axe on a phone and a desktop, and stays away after 'No mostrar más'", async ({ browser }) => {
    const { defaultBrowserType: _webkit, ...iphone } = IPHONE;
    const context = await browser.newContext({ ...iphone, viewport: { width: 375, height: 812 } });
    await seenBefore(context);
    const page = await context.newPage();
    // The page's time stands still from its start: the 2 s count does not run while the home renders on
    // a busy machine, only when the test moves it.
    const start = Date.now();
    await page.clock.install({ time: start });
    await page.clock.pauseAt(start + 1_000);
    try {
      await page.goto('/app/trips');
      await expect(page.getByRole('heading', { name: '¿A dónde querés ir?' })).toBeVisible();
      const modal = page.getByRole('dialog', { name: 'Instalá Carpool en tu iPhone' });

      await page.clock.runFor(1_500);
      await expect(modal).toHaveCount(0);
      await page.clock.runFor(1_000);
      // Time flows again from here (the modal's transition runs on the page's timers).
      await page.clock.resume();
      await expect(modal).toBeVisible();
      await expect(modal.getByRole('button', { name: 'Entendido' })).toBeVisible();
      await expect(modal.getByRole('button', { name: 'No mostrar más' })).toBeVisible();
      await modal.getByRole('button', { name: 'Instalar' }).click();
      await expect(modal.getByText('Elegí «Agregar a inicio».')).toBeVisible();
      await page.clock.runFor(500);
      await expectAccessible(page, '[role="dialog"]');
      await page.setViewportSize({ width: 1280, height: 800 });
      await expectAccessible(page, '[role="dialog"]');
      await page.setViewportSize({ width: 375, height: 812 });

      // 'Entendido' closes it for this visit: back on the trips home it stays closed.
      await modal.getByRole('button', { name: 'Entendido' }).click();
      await page.clock.runFor(500);
      await expect(modal).toHaveCount(0);
      await page.getByRole('button', { name: 'Abrir el menú' }).click();
      await page.getByRole('menuitem', { name: 'Acerca de' }).click();
      await expect(page).toHaveURL(/\/app\/about/);
      await page.getByRole('link', { name: 'Ir al inicio' }).click();
      await expect(page.getByRole('heading', { name: '¿A dónde querés ir?' })).toBeVisible();
      await page.clock.runFor(3_000);
      await expect(modal).toHaveCount(0);

      // A new visit shows it again; 'No mostrar más' is remembered.
      await page.reload();
      await expect(page.getByRole('heading', { name: '¿A dónde querés ir?' })).toBeVisible();
      await page.clock.runFor(2_500);
      await modal.getByRole('button', { name: 'No mostrar más' }).click();
      await page.clock.runFor(500);
      await expect(modal).toHaveCount(0);
      expect(await stored(page, 'FIRST_TIME_APP')).toMatchObject({ installModalHidden: true });
      await page.reload();
      await expect(page.getByRole('heading', { name: '¿A dónde querés ir?' })).toBeVisible();
      await page.clock.runFor(5_000);
      await expect(modal).toHaveCount(0);
    } finally {
      await context.close();
    }
  });

  test('in the installed app on iOS the notification warning asks for the permission, says the answer, and can be closed for good', async ({ browser }) => {
    const { defaultBrowserType: _webkit, ...iphone } = IPHONE;
    // Opened from the home screen: iOS's navigator.standalone, and no Safari token in the user agent.
    const context = await browser.newContext({
      ...iphone,
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
    });
    await seenBefore(context);
    await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'standalone', { get: () => true }));
    const page = await context.newPage();
    await page.clock.install();
    try {
      await page.goto('/app/trips');
      const warning = page.getByRole('region', { name: 'Activá las notificaciones' });
      await expect(warning).toBeVisible();
      // No install modal inside the installed app.
      await page.clock.runFor(3_000);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expectAccessible(page, '[data-testid="ios-notifications-warning"]');

      // Playwright answers the browser's prompt with a refusal: the spec's 'notificacionesDenegadas'.
      await warning.getByRole('button', { name: 'Activar notificaciones' }).click();
      await expect(page.getByText('Las notificaciones están bloqueadas.', { exact: true })).toBeVisible();
      await expect(warning.getByText(/Ajustes › Notificaciones/)).toBeVisible();

      await warning.getByRole('button', { name: 'Cerrar aviso de notificaciones' }).click();
      await expect(warning).toHaveCount(0);
      await page.reload();
      await expect(page.getByRole('heading', { name: '¿A dónde querés ir?' })).toBeVisible();
      await expect(warning).toHaveCount(0);
    } finally {
      await context.close();
    }
  });

  test('an error thrown in the page and an unhandled rejection reach /api/log with the stack, the page and the user', async ({ browser, request }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await seenBefore(context);
    const page = await context.newPage();
    try {
      await page.goto('/app/login');
      await logIn(page, DEMO.passenger);
      await expect(page).toHaveURL(/\/app\/trips/);
      const reported = page.waitForRequest((sent) => sent.url().endsWith('/api/log') && (sent.postData() ?? '').includes('Fallo de prueba e2e'));
      await page.evaluate(() => {
        setTimeout(() => {
          throw new Error('Fallo de prueba e2e');
        });
      });
      expect((await reported).postDataJSON()).toMatchObject({ log: expect.stringContaining('Fallo de prueba e2e') as unknown as string, source: 'web' });
      await page.evaluate(() => {
        void Promise.reject(new RangeError('Rechazo de prueba e2e'));
      });

      const adminToken = await tokenOf(request, DEMO.admin);
      const passengerToken = await tokenOf(request, DEMO.passenger);
      const passenger = (await get<{ data: { id: number } }>(request, '/api/users/me', passengerToken)).data;
      type LogEntry = { log: string; stack: string | null; url: string | null; user_id: number | null; app_version: string | null; context: Record<string, unknown> | null };
      const logs = async () => (await get<{ data: LogEntry[] }>(request, '/api/admin/logs?page=1&page_size=20', adminToken)).data;

      await expect.poll(async () => (await logs()).filter((entry) => /de prueba e2e/.test(entry.log)).length, { timeout: 10_000 }).toBe(2);
      const entries = await logs();
      const thrown = entries.find((entry) => entry.log.includes('Fallo de prueba e2e'))!;
      const rejected = entries.find((entry) => entry.log.includes('Rechazo de prueba e2e'))!;
      expect(thrown).toMatchObject({ user_id: passenger.id, app_version: '3', url: expect.stringMatching(/\/app\/trips/) as unknown as string, context: { kind: 'window.onerror' } });
      expect(thrown.stack).toMatch(/Error: Fallo de prueba e2e\n\s+at /);
      expect(rejected).toMatchObject({ user_id: passenger.id, context: { kind: 'unhandledrejection' } });
      expect(rejected.log).toContain('RangeError: Rechazo de prueba e2e');
    } finally {
      await context.close();
    }
  });
});
