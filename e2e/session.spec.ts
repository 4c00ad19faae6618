import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { clearJournal, journal } from './controls-support';
import { DEMO, expectLoggedInAs, logIn, openMyTrips } from './support';

const DAY_MS = 86_400_000;
/** The badge counts poll (TIMING.notificationsPollMs). */
const POLL_MS = 30_000;

/** Moves the server clock `days` ahead of the real time (token lifetime 7 days, refresh window 14). */
async function moveServerClock(request: APIRequestContext, days: number) {
  const answer = await request.post('/__mock/clock', { data: { now: new Date(Date.now() + days * DAY_MS).toISOString() } });
  expect(answer.ok(), await answer.text()).toBe(true);
}

/** Logs in on the browser's own clock (the polls' timers move only when the test says) and opens notifications. */
async function logInOnNotifications(page: Page) {
  await page.clock.install();
  await page.goto('/app/login');
  await logIn(page, DEMO.passenger);
  await page.waitForURL((url) => !url.pathname.includes('/login'));
  // The page load refreshes the token first (the start-up): that refresh is over before the test counts.
  const startUpRefresh = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/retoken');
  await page.goto('/app/notifications');
  expect((await startUpRefresh).status()).toBe(200);
  await expect(page).toHaveURL(/\/app\/notifications$/);
  await page.waitForLoadState('networkidle');
}

/** Empties the journal once the start-up refresh is in it: the server journals a call after answering it. */
async function clearJournalAfterStartUp(request: APIRequestContext) {
  await expect.poll(async () => (await journal(request, { path: '/api/retoken' })).length).toBeGreaterThan(0);
  await clearJournal(request);
}

test.beforeAll(async ({ request }) => expect((await request.post('/__mock/reset', { data: {} })).ok()).toBe(true));
test.afterEach(async ({ request }) => expect((await request.post('/__mock/clock', { data: { now: null } })).ok()).toBe(true));

test.describe('a session that ends (issue 44.2, 44.10)', () => {
  test('a poll that meets an expired token refreshes it once and the user stays on the page, logged in', async ({ page, request }) => {
    await logInOnNotifications(page);
    await clearJournalAfterStartUp(request);
    // Eight days on: the token has expired, but it may still be refreshed.
    await moveServerClock(request, 8);

    const retoken = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/retoken');
    await page.clock.fastForward(POLL_MS);
    expect((await retoken).status()).toBe(200);

    await expect
      .poll(async () => (await journal(request, { path: '/api/notifications/count' })).map((entry) => entry.status))
      .toEqual(expect.arrayContaining([401, 200]));
    const calls = await journal(request);
    expect(calls.filter((entry) => entry.path === '/api/retoken').map((entry) => entry.status)).toEqual([200]);

    await expect(page).toHaveURL(/\/app\/notifications$/);
    await expect(page.getByText('Tu sesión expiró. Volvé a ingresar.')).toHaveCount(0);
    await expectLoggedInAs(page, DEMO.passenger.name);
  });

  test('when the token can no longer be refreshed, login says the session expired and brings the user back', async ({ page, request }) => {
    await logInOnNotifications(page);
    // Fifteen days on: past the refresh window.
    await moveServerClock(request, 15);
    await page.clock.fastForward(POLL_MS);

    await expect(page).toHaveURL(/\/app\/login\?redirectTo=%2Fnotifications$/);
    await expect(page.getByText('Tu sesión expiró. Volvé a ingresar.')).toBeVisible();

    await logIn(page, DEMO.passenger);
    await expect(page).toHaveURL(/\/app\/notifications$/);
    await expectLoggedInAs(page, DEMO.passenger.name);
  });

  test('logging out sends no call the API refuses', async ({ page, request }) => {
    await page.goto('/app/login');
    await logIn(page, DEMO.passenger);
    await page.waitForURL((url) => !url.pathname.includes('/login'));
    await openMyTrips(page);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await clearJournal(request);

    await page.getByRole('button', { name: 'Menú de tu cuenta' }).click();
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL(/\/app\/trips/);
    await expect(page.getByRole('link', { name: /ingresar/i }).first()).toBeVisible();

    const calls = await journal(request);
    expect(calls.some((entry) => entry.path === '/api/logout' && entry.status === 200)).toBe(true);
    expect(calls.filter((entry) => entry.status === 401).map((entry) => `${entry.method} ${entry.path}`)).toEqual([]);
  });
});
