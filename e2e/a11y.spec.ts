import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { DEMO, logIn } from './support';

/**
 * Every route of the app at a desktop and a phone width, as a guest, a user and an admin: axe finds no
 * serious or critical violation (issue 16). Each page is read once its content is there.
 */
const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
];

async function expectAccessible(page: Page, route: string) {
  // Soft: one run lists every route's violations, not only the first route's.
  expect.soft(await seriousViolations(page, `${route} ${page.viewportSize()?.width}px`)).toEqual([]);
}

async function visit(page: Page, route: string, ready: (page: Page) => Promise<void>) {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.goto(`/app${route}`);
    await ready(page);
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, route);
  }
}

async function session(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/app/login');
  await logIn(page, who);
  await expect(page).toHaveURL(/\/app\/trips/);
  return page;
}

async function idOf(request: APIRequestContext, who: { email: string; password: string }, url: string, pick: (data: unknown) => number) {
  const { token } = (await (await request.post('/api/login', { data: who })).json()) as { token: string };
  const answer = await request.get(url, { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.ok()).toBe(true);
  return pick(((await answer.json()) as { data: unknown }).data);
}

const heading = (page: Page) => expect(page.locator('main h1, main h2').first()).toBeVisible({ timeout: 15_000 });

// Each file starts from the seed, whatever ran before it on the same server.
test.beforeAll(async ({ request }) => expect((await request.post('/__mock/reset', { data: {} })).ok()).toBe(true));

test.describe('accessibility of every route', () => {
  test('guest routes', async ({ page, request }) => {
    // Every guest route at two widths, with axe on each: room for a machine shared by two workers.
    test.setTimeout(300_000);
    const trips = (await (await request.get('/api/trips?page_size=1')).json()) as { data: { id: number; user_id: number }[] };
    const trip = trips.data[0]!;
    const routes = [
      '/trips',
      `/trips/${trip.id}`,
      `/profile/${trip.user_id}`,
      '/login',
      '/register',
      // A link from an old e-mail: the pages that say the token is not valid.
      '/activate/not-a-token',
      '/reset-password',
      '/reset-password/not-a-token',
      '/about',
      '/terminos',
      '/transactions',
    ];
    for (const route of routes) await visit(page, route, heading);
  });

  test('user routes (the demo driver)', async ({ browser, request }) => {
    test.setTimeout(300_000);
    const driverId = await idOf(request, DEMO.driver, '/api/users/me', (data) => (data as { id: number }).id);
    const tripId = await idOf(request, DEMO.driver, `/api/trips?user_id=${driverId}&page_size=1`, (data) => (data as { id: number }[])[0]!.id);
    const chatId = await idOf(request, DEMO.driver, '/api/conversations', (data) => (data as { id: number }[])[0]!.id);
    const page = await session(browser, DEMO.driver);
    const routes = [
      '/trips',
      `/trips/${tripId}`,
      `/trips/${tripId}/passenger`,
      '/trips/create',
      `/trips/update/${tripId}`,
      '/my-trips',
      '/profile/me',
      '/notifications',
      '/conversations',
      `/conversations/${chatId}`,
      '/setting/profile',
      '/setting/friends',
      '/setting/friends/search',
      '/transactions',
    ];
    for (const route of routes) await visit(page, route, heading);
    // /pay without a seat or trip to pay says so, with a link back to my trips (a contrast failure under axe 4.14).
    await visit(page, '/pay', (page) => expect(page.getByRole('link', { name: 'Ir a Mis viajes', exact: true })).toBeVisible());
  });

  test('admin routes', async ({ browser }) => {
    const page = await session(browser, DEMO.admin);
    for (const route of ['/admin', '/admin/users', '/admin/trips']) await visit(page, route, heading);
  });

  test('the seat payment page that /pay opens', async ({ browser, request }) => {
    // Last: the scenario reseeds the server.
    const scenario = (await (await request.post('/__mock/scenario/seat-awaiting-payment', { data: {} })).json()) as { ids: { request_id: number } };
    const page = await session(browser, DEMO.passenger);
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      await page.goto(`/app/pay?tp_id=${scenario.ids.request_id}`);
      await expect(page).toHaveURL(/\/transbank\?tp_id=\d+$/);
      await heading(page);
      await expectAccessible(page, '/transbank');
    }
  });
});
