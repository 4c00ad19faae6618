import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// E2E_WORKERS=2 (npm test) runs two workers, each against its own server and database on
// E2E_PORT + its parallel index, so that journeys that reset or move the clock never meet.
// Against a given E2E_BASE_URL (the composed stack) there is one server, so one worker.
const workers = process.env.E2E_BASE_URL ? 1 : Math.max(1, Number(process.env.E2E_WORKERS ?? 1));
const port = Number(process.env.E2E_PORT ?? 3100);
// TEST_PARALLEL_INDEX is set in each worker process before it loads this file.
const workerPort = port + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const baseURL = process.env.E2E_BASE_URL ?? `http://localhost:${workerPort}`;

/** Debian's chromium by default (CHROMIUM_PATH overrides); Playwright's own browser only if neither exists. */
function chromiumPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}

// Against a server that listens beyond loopback (the composed stack), the test controls need the
// token it generated into its data volume (docker-compose.yml's e2e service mounts it).
const controlsToken = process.env.E2E_CONTROLS_TOKEN_FILE ? readFileSync(process.env.E2E_CONTROLS_TOKEN_FILE, 'utf8').trim() : undefined;

// A throwaway data folder per server: each migrates and seeds its own at start-up.
// Only the runner's own process starts servers; workers load this file too and make none.
const inWorker = process.env.TEST_PARALLEL_INDEX !== undefined;
const dataDirOf = (index: number) =>
  process.env.E2E_DATA_DIR ? path.join(process.env.E2E_DATA_DIR, String(index)) : inWorker ? '' : mkdtempSync(path.join(os.tmpdir(), `carpool-e2e-${index}-`));

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers,
  // A flaky journey is fixed, not retried (issue 45): CI runs without retries too.
  retries: 0,
  timeout: 60_000,
  // Two workers, each with a browser and a server, share two cores: a login (bcrypt, then the session's
  // data) can take more than Playwright's 5 s default there. Waiting longer slows only what fails.
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ...(process.env.CI ? [] : [['html', { open: 'never', outputFolder: '../playwright-report' }] as const]),
    // npm test reads it to print the ten slowest journeys.
    ...(process.env.E2E_JSON_REPORT ? [['json', { outputFile: process.env.E2E_JSON_REPORT }] as const] : []),
  ],
  outputDir: '../test-results',
  use: {
    baseURL,
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    extraHTTPHeaders: controlsToken ? { 'x-mock-controls-token': controlsToken } : undefined,
    // Every journey opens as a browser that has been here before: no first-load wait and no onboarding
    // (FIRST_TIME_APP, spec §4), which would cover the page 600 ms in. onboarding.spec.ts starts empty.
    storageState: {
      cookies: [],
      origins: [{ origin: new URL(baseURL).origin, localStorage: [{ name: 'FIRST_TIME_APP', value: JSON.stringify({ loaded: true, onboarded: true }) }] }],
    },
  },
  projects: [
    {
      name: 'chromium-desktop',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: chromiumPath(),
          args: [
            '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync',
            // Service workers and notifications need a secure context: localhost is one, the composed
            // stack's http://mock-api:3000 is not unless Chromium is told so.
            ...(new URL(baseURL).hostname === 'localhost' ? [] : [`--unsafely-treat-insecure-origin-as-secure=${new URL(baseURL).origin}`]),
          ],
        },
      },
    },
  ],
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : Array.from({ length: workers }, (_, index) => ({
        // The same server `npm start` runs (the web app is built by `npm test` before this step).
        command: 'npm run start -w @carpool/mock-api',
        cwd: '..',
        url: `http://localhost:${port + index}/api/config`,
        timeout: 180_000,
        reuseExistingServer: false,
        stdout: 'ignore' as const,
        stderr: 'pipe' as const,
        env: {
          PORT: String(port + index),
          DATA_DIR: dataDirOf(index),
          MOCK_CONTROLS: '1',
          LOG_LEVEL: 'silent',
          WEB_CONTRACT_CHECK: 'before-use',
          // No month's donation prompt by the calendar (days 1 to 9 it covers the home after every login):
          // no day of the month is below 1. The donation after a rating still asks (month_days > 0);
          // e2e/donations.spec.ts sets the country's 10 for its own journeys.
          DONATION_MONTH_DAYS: '1',
          // The test certificate of e2e/devices.spec.ts's local push service (web-push speaks HTTPS only).
          PUSH_CA_FILE: path.join(__dirname, 'fixtures/push-relay/cert.pem'),
        },
      })),
});
