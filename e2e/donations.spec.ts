import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, expectSeededTrips, logIn } from './support';

/** The seeded monthly donor (prisma/seed/ratings.ts): donation prompts never show to this account. */
const DONOR = { email: 'donante@carpool.ar', password: 'carpool123' };

async function expectNoSeriousAxe(page: Page, include: string) {
  const { violations } = await new AxeBuilder({ page }).include(include).analyze();
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(' ')}`)).toEqual([]);
}

/** What the trips list shows in order: T for a trip card, P for the donation panel. */
const listOrder = (page: Page) =>
  page
    .locator('[data-testid="trip-card"], [data-testid="donation-panel"]')
    .evaluateAll((nodes) => nodes.map((node) => (node.getAttribute('data-testid') === 'donation-panel' ? 'P' : 'T')).join(''));

// Each file starts from the seed, whatever ran before it on the same server.
test.beforeAll(async ({ request }) => expect((await request.post('/__mock/reset', { data: {} })).ok()).toBe(true));

test.describe('donations', () => {
  test('the trips list shows a donation panel after trips_offset cards, it opens the amounts; a monthly donor sees none', async ({ page, request }) => {
    const { donation } = (await (await request.get('/api/config')).json()) as { donation: { trips_count: number; trips_offset: number } };
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/app/trips');
    await expectSeededTrips(page);
    const panel = page.getByTestId('donation-panel').first();
    await expect(panel).toBeVisible();
    // The first panel follows trips_offset cards; scrolling on brings the next page and the next panel,
    // trips_count cards later.
    expect((await listOrder(page)).indexOf('P')).toBe(donation.trips_offset);
    const cards = page.getByTestId('trip-card');
    await cards.last().scrollIntoViewIfNeeded();
    await expect.poll(() => cards.count(), { timeout: 15_000 }).toBeGreaterThan(donation.trips_offset + donation.trips_count);
    const order = await listOrder(page);
    expect(order.indexOf('P', donation.trips_offset + 1)).toBe(donation.trips_offset + donation.trips_count + 1);

    await panel.scrollIntoViewIfNeeded();
    await panel.getByRole('button', { name: 'Donar' }).click();
    const dialog = page.getByRole('dialog', { name: /Ayudanos a sostener/ });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Donar' }).click();
    await expect(dialog.getByText('Tienes que seleccionar un valor de donación.')).toBeVisible();
    await expectNoSeriousAxe(page, '[role="dialog"]');
    await dialog.getByRole('button', { name: 'Ahora no' }).last().click();
    await expect(dialog).toBeHidden();

    await page.goto('/app/login');
    await logIn(page, DONOR);
    await expect(page).toHaveURL(/\/app\/trips/);
    await expectSeededTrips(page);
    await expect(page.getByTestId('donation-panel')).toHaveCount(0);
  });

  test("the month's prompt shows while the day of the month is below month_days, and is put away", async ({ page, request }) => {
    const { donation } = (await (await request.get('/api/config')).json()) as { donation: { month_days: number } };
    expect(donation.month_days).toBeGreaterThan(1);
    const now = new Date();
    // The browser's clock on the first day of this month, then on the last day the prompt is not shown.
    await page.clock.install({ time: new Date(now.getFullYear(), now.getMonth(), 1, 12) });
    await page.goto('/app/login');
    await logIn(page, DEMO.passenger);
    await expect(page).toHaveURL(/\/app\/trips/);
    const prompt = page.getByTestId('donation-prompt');
    await expect(prompt).toContainText('Este mes necesitamos tu ayuda');
    await expectNoSeriousAxe(page, '[data-testid="donation-prompt"]');
    await prompt.getByRole('button', { name: 'Cerrar el pedido de donación' }).click();
    await expect(prompt).toBeHidden();

    await page.clock.setSystemTime(new Date(now.getFullYear(), now.getMonth(), donation.month_days, 12));
    await page.reload();
    await expectSeededTrips(page);
    await expect(page.getByTestId('donation-prompt')).toHaveCount(0);
  });
});
