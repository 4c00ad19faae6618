import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { DEMO, logIn } from './support';

/**
 * Every route of the app at a desktop and a phone width, as a guest, a user and an admin: axe finds no
 * serious or critical violation (issue 16). Each page is read once its content is there.
 */
const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
];

/** One line per failing node: where, and for contrast the colours and ratio axe measured. */
type AxeNode = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number]['nodes'][number];

function describeNode(node: AxeNode): string {
  const data = node.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
  const colours = data?.contrastRatio ? ` (${data.fgColor} on ${data.bgColor}: ${data.contrastRatio}:1)` : '';
  return `${node.target.join(' ')}${colours}`;
}

async function expectAccessible(page: Page, route: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  // Soft: one run lists every route's violations, not only the first route's.
  expect.soft(serious.flatMap((violation) => violation.nodes.map((node) => `${route} ${page.viewportSize()?.width}px ${violation.id}: ${describeNode(node)}`))).toEqual([]);
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
    test.setTimeout(240_000);
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
    test.setTimeout(180_000);
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
  });

  test('admin routes', async ({ browser }) => {
    const page = await session(browser, DEMO.admin);
    for (const route of ['/admin', '/admin/users', '/admin/trips']) await visit(page, route, heading);
  });
});
