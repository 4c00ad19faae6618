import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { DEMO, logIn, requestableTrips, type RequestableTrip } from './support';

/**
 * Issue 42: the web app through the validating proxy. The suite's own server (baseURL) plays the
 * provider; this spec starts a second server in proxy mode (PROVIDER_URL = that server, on another
 * loopback port) and drives the browser through it: log in, search, a trip page, a seat request. The
 * drift report must then show those calls with 0 mismatches.
 */
const providerOrigin = `http://localhost:${Number(process.env.E2E_PORT ?? 3100) + Number(process.env.TEST_PARALLEL_INDEX ?? 0)}`;
/** E2E_PROXY_PORT, else the provider's port + 100 (3203 → 3303). */
const proxyPort = Number(process.env.E2E_PROXY_PORT ?? Number(new URL(providerOrigin).port) + 100);
const proxyOrigin = `http://localhost:${proxyPort}`;

type DriftReport = {
  calls: number;
  mismatchedCalls: number;
  mismatchKinds: number;
  providerFailures: number;
  entries: { id: string; calls: number; mismatches: { place: string; path: string; expected: string; received: string }[] }[];
  unknown: { method: string; path: string; calls: number }[];
};

let proxyProcess: ChildProcess | undefined;
let proxyApi: APIRequestContext;
let proxyLog = '';

async function waitForProxy(api: APIRequestContext) {
  // Readiness of a process we started: polled, not a timer the app runs (no page clock applies here).
  for (let attempt = 0; attempt < 360; attempt++) {
    if (proxyProcess?.exitCode !== null && proxyProcess?.exitCode !== undefined) throw new Error(`the proxy exited: ${proxyLog.slice(-2000)}`);
    const answer = await api.get('/app/runtime-config.js').catch(() => undefined);
    if (answer?.ok()) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the proxy did not start: ${proxyLog.slice(-2000)}`);
}

test.describe.serial('the web app through the validating proxy', () => {
  test.skip(Boolean(process.env.E2E_BASE_URL), 'starts a server of its own: not against a given stack');

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    proxyProcess = spawn('npm', ['run', 'start', '-w', '@carpool/mock-api'], {
      cwd: path.resolve(__dirname, '..'),
      env: {
        ...process.env,
        PORT: String(proxyPort),
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'carpool-e2e-proxy-')),
        PROVIDER_URL: providerOrigin.replace('localhost', '127.0.0.1'),
        MOCK_CONTROLS: '1',
        LOG_LEVEL: 'warn',
        WEB_CONTRACT_CHECK: 'before-use',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    proxyProcess.stdout?.on('data', (chunk: Buffer) => (proxyLog += chunk.toString()));
    proxyProcess.stderr?.on('data', (chunk: Buffer) => (proxyLog += chunk.toString()));
    proxyApi = await playwrightRequest.newContext({ baseURL: proxyOrigin });
    await waitForProxy(proxyApi);
    await proxyApi.delete('/__mock/drift');
  });

  test.afterAll(async () => {
    await proxyApi?.dispose();
    if (proxyProcess?.pid) process.kill(-proxyProcess.pid, 'SIGTERM');
  });

  /** The page through the proxy, as a browser that has been here before (no first-load splash). */
  async function proxiedPage(browser: Browser): Promise<Page> {
    const context = await browser.newContext({
      baseURL: proxyOrigin,
      storageState: { cookies: [], origins: [{ origin: proxyOrigin, localStorage: [{ name: 'FIRST_TIME_APP', value: JSON.stringify({ loaded: true, onboarded: true }) }] }] },
    });
    return context.newPage();
  }

  async function pickPlace(page: Page, label: string, text: string, option: string) {
    await page.getByRole('textbox', { name: label, exact: true }).fill(text);
    // The autocomplete asks the API after a 750 ms pause: the page clock moves past it.
    await page.clock.runFor(800);
    await page.getByRole('option', { name: option, exact: true }).click();
  }

  async function passTips(page: Page, outcome: Locator) {
    const tips = page.getByTestId('carpoodatos-requestSeat');
    const turnedOff = await page.evaluate(() => Boolean((JSON.parse(localStorage.getItem('USER') ?? '{}') as Record<string, unknown>).do_not_alert_request_seat));
    if (!turnedOff) {
      await expect(tips).toBeVisible();
      await tips.getByRole('button', { name: 'Continuar' }).click();
    }
    await expect(outcome).toBeVisible();
  }

  test('a passenger logs in, searches, opens a trip and asks for a seat through the proxy: 0 mismatches', async ({ browser }) => {
    test.setTimeout(120_000);
    const page = await proxiedPage(browser);
    const apiCalls: string[] = [];
    page.on('request', (call) => {
      const url = new URL(call.url());
      if (url.pathname.startsWith('/api/')) apiCalls.push(url.origin);
    });

    await page.goto('/app/login');
    await logIn(page, DEMO.passenger);
    // After the login the app loads the user's data (every call through the proxy) before it moves on.
    await expect(page).toHaveURL(/\/app\/trips/, { timeout: 15_000 });

    // From here the page's timers run on Playwright's clock (the autocomplete's pause is moved past).
    await page.clock.install();
    await pickPlace(page, 'Origen', 'Rosa', 'Rosario, Santa Fe');
    await pickPlace(page, 'Destino', 'Córdo', 'Córdoba, Córdoba');
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await expect(page).toHaveURL(/origin_name=Rosario.*destination_name=C/);
    // The seed publishes Rosario → Córdoba trips in the coming days (e2e/trips.spec.ts).
    const cards = page.getByTestId('trip-card').filter({ hasText: 'Rosario' }).filter({ hasText: 'Córdoba' });
    await expect(cards.first()).toBeVisible({ timeout: 15_000 });
    const href = await cards.first().getAttribute('href');
    const towns = await cards.first().locator('.trip-card-town').allInnerTexts();
    await cards.first().click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole('heading', { name: `${towns[0]} → ${towns.at(-1)}`, level: 1 })).toBeVisible();

    // A seat on one of the driver's trips she can ask for (read through the proxy too).
    const idOf = async (who: { email: string; password: string }) => {
      const { token } = (await (await proxyApi.post('/api/login', { data: { email: who.email, password: who.password } })).json()) as { token: string };
      const me = (await (await proxyApi.get('/api/users/me', { headers: { Authorization: `Bearer ${token}` } })).json()) as { data: { id: number } };
      return { token, id: me.data.id };
    };
    const passenger = await idOf(DEMO.passenger);
    const driver = await idOf(DEMO.driver);
    const [trip] = await requestableTrips<RequestableTrip & { id: number }>(proxyApi, passenger.token, driver.id, passenger.id);
    expect(trip, 'a trip of the driver the passenger can ask for').toBeDefined();
    await page.goto(`/app/trips/${trip!.id}`);
    await page.getByRole('button', { name: 'Solicitar asiento' }).click();
    await passTips(page, page.getByText('La solicitud fue enviada.'));
    await expect(page.getByRole('button', { name: 'Cancelar solicitud' })).toBeVisible();

    // Every call of the page went to the proxy's origin (same-origin apiUrl), none straight to the provider.
    expect(apiCalls.length).toBeGreaterThan(5);
    expect(new Set(apiCalls)).toEqual(new Set([proxyOrigin]));

    const report = (await (await proxyApi.get('/__mock/drift?format=json')).json()) as DriftReport;
    const called = new Map(report.entries.map((entry) => [entry.id, entry.calls]));
    for (const id of ['auth.login', 'config.show', 'trips.autocomplete', 'trips.search', 'trips.show', 'requests.create']) expect(called.get(id), id).toBeGreaterThan(0);
    expect(report.entries.filter((entry) => entry.mismatches.length > 0), proxyLog.slice(-2000)).toEqual([]);
    expect(report.mismatchedCalls).toBe(0);
    expect(report.providerFailures).toBe(0);
    expect(proxyLog).not.toContain('contract drift:');
  });

  test('the drift page passes axe with no serious or critical violation', async ({ browser }) => {
    const page = await proxiedPage(browser);
    await page.goto('/__mock/drift?format=html');
    await expect(page.getByRole('heading', { name: 'Diferencias con el contrato', level: 1 })).toBeVisible();
    await expect(page.getByRole('rowheader', { name: 'trips.search' })).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)).toEqual([]);
  });
});
