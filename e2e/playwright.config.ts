import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = process.env.E2E_BASE_URL ?? `http://localhost:${port}`;

/** Debian's chromium by default (CHROMIUM_PATH overrides); Playwright's own browser only if neither exists. */
function chromiumPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}

// Against a server that listens beyond loopback (the composed stack), the test controls need the
// token it generated into its data volume (docker-compose.yml's e2e service mounts it).
const controlsToken = process.env.E2E_CONTROLS_TOKEN_FILE ? readFileSync(process.env.E2E_CONTROLS_TOKEN_FILE, 'utf8').trim() : undefined;

// A throwaway data folder: the server migrates and seeds it at start-up.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'carpool-e2e-'));

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: '../playwright-report' }]],
  outputDir: '../test-results',
  use: {
    baseURL,
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    extraHTTPHeaders: controlsToken ? { 'x-mock-controls-token': controlsToken } : undefined,
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
    : {
        // The same server `npm start` runs (the web app is built by `npm test` before this step).
        command: 'npm run start -w @carpool/mock-api',
        cwd: '..',
        url: `${baseURL}/api/config`,
        timeout: 180_000,
        reuseExistingServer: false,
        stdout: 'ignore',
        stderr: 'pipe',
        env: {
          PORT: String(port),
          DATA_DIR: dataDir,
          MOCK_CONTROLS: '1',
          LOG_LEVEL: 'silent',
          WEB_CONTRACT_CHECK: 'before-use',
          // The test certificate of e2e/devices.spec.ts's local push service (web-push speaks HTTPS only).
          PUSH_CA_FILE: path.join(__dirname, 'fixtures/push-relay/cert.pem'),
        },
      },
});
