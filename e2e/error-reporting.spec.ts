import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO } from './support';

async function adminToken(request: APIRequestContext): Promise<string> {
  const answer = await request.post('/api/login', { data: DEMO.admin });
  return ((await answer.json()) as { token: string }).token;
}

type LogEntry = { log: string; url: string | null; context: Record<string, unknown> | null };

/**
 * React 19's root error hooks (main.tsx) in the production build the e2e server serves. A provider that
 * answers the trip search with a malformed row makes the trip list throw while it renders; the route's
 * error page catches it, and onCaughtError sends the report to POST /api/log.
 */
// Each file starts from the seed, whatever ran before it on the same server.
test.beforeAll(async ({ request }) => expect((await request.post('/__mock/reset', { data: {} })).ok()).toBe(true));

test.describe('error reports from the built app', () => {
  test("a page that throws while rendering shows the error page and reports 'react.caught' to /api/log", async ({ page, request }) => {
    // The production configuration (runtime-config.js as the build ships it): answers are used at once
    // and checked in the background, as against the real provider. The e2e server's own file asks for
    // the check before use, which would turn the malformed answer into an error state instead.
    await page.route('**/app/runtime-config.js', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: "window.__CARPOOL__ = { apiUrl: '' };\n" }),
    );
    // The search answers one row that is not a trip at all.
    await page.route(
      (url) => url.pathname === '/api/trips',
      async (route) => {
        const answer = await route.fetch();
        const body = (await answer.json()) as { data: unknown[]; meta: unknown };
        await route.fulfill({ response: answer, json: { ...body, data: [null] } });
      },
    );
    const reported = page.waitForRequest(
      (sent) => sent.method() === 'POST' && new URL(sent.url()).pathname === '/api/log' && (sent.postData() ?? '').includes('react.caught'),
    );

    await page.goto('/app/trips');

    const body = (await reported).postDataJSON() as { log: string; source: string; context: { kind: string; componentStack?: string } };
    expect(body).toMatchObject({ source: 'web', context: { kind: 'react.caught' } });
    expect(body.log).toMatch(/TypeError: .*null/);
    // Where in the tree it threw (the production build's component names are minified).
    expect(body.context.componentStack).toMatch(/\bat \S/);
    await expect(page.getByRole('button', { name: 'Reintentar' })).toBeVisible();

    const token = await adminToken(request);
    const logs = async () => {
      const answer = await request.get('/api/admin/logs?page=1&page_size=20', { headers: { Authorization: `Bearer ${token}` } });
      return ((await answer.json()) as { data: LogEntry[] }).data;
    };
    await expect
      .poll(async () => (await logs()).filter((entry) => entry.context?.kind === 'react.caught' && /\/app\/trips/.test(entry.url ?? '')).length, { timeout: 10_000 })
      .toBeGreaterThan(0);
  });
});
