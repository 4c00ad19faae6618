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

/** Noon of a day of this month, in the browser's time zone. */
function dayOfThisMonth(day: number): Date {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), day, 12);
}

/** What the trips list shows in order: T for a trip card, P for the donation panel. */
const listOrder = (page: Page) =>
  page
    .locator('[data-testid="trip-card"], [data-testid="donation-panel"]')
    .evaluateAll((nodes) => nodes.map((node) => (node.getAttribute('data-testid') === 'donation-panel' ? 'P' : 'T')).join(''));

// Each file starts from the seed, whatever ran before it on the same server.
/** Argentina's donation.month_days: the journeys' servers start with 1 (DONATION_MONTH_DAYS: no day is below it), so no other journey meets the prompt. */
const MONTH_DAYS = 10;

test.beforeAll(async ({ request }) => {
  expect((await request.post('/__mock/reset', { data: {} })).ok()).toBe(true);
  const { donation } = (await (await request.get('/api/config')).json()) as { donation: Record<string, unknown> };
  expect((await request.post('/__mock/config', { data: { donation: { ...donation, month_days: MONTH_DAYS } } })).ok()).toBe(true);
});
// The next file on this server starts without the prompt again.
test.afterAll(async ({ request }) => expect((await request.post('/__mock/reset', { data: {} })).ok()).toBe(true));

test.describe('donations', () => {
  test('the trips list shows a donation panel after trips_offset cards, it opens the amounts; a monthly donor sees none', async ({ page, request }) => {
    const { donation } = (await (await request.get('/api/config')).json()) as { donation: { trips_count: number; trips_offset: number; month_days: number } };
    // A day the month's prompt does not show (day month_days): only the panels ask.
    await page.clock.install({ time: dayOfThisMonth(donation.month_days) });
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
    // Nothing chosen: the spec's message, in an error toast.
    await dialog.getByRole('button', { name: 'Donar' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Tienes que seleccionar un valor de donación.' })).toBeVisible();
    await expectNoSeriousAxe(page, '[role="dialog"]');

    // The custom monthly amount: a value below 0 is not valid, said in an error toast that goes after 10 s.
    await dialog.getByText('Todos los meses').click();
    await dialog.getByRole('radio', { name: 'Otro monto mensual' }).check();
    await dialog.getByRole('textbox', { name: 'Tu aporte mensual, en pesos' }).fill('-500');
    await expectNoSeriousAxe(page, '[role="dialog"]');
    // The page's time stands still from here: only page.clock moves it.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await dialog.getByRole('button', { name: 'Donar' }).click();
    const invalid = page.getByRole('alert').filter({ hasText: 'Ingresá un valor de donación válido.' });
    await expect(invalid).toBeVisible();
    await page.clock.runFor(9_000);
    await expect(invalid).toBeVisible();
    await page.clock.runFor(2_000);
    await expect(invalid).toHaveCount(0);
    await page.clock.resume();
    await dialog.getByRole('button', { name: 'Ahora no' }).last().click();
    await expect(dialog).toBeHidden();

    await page.goto('/app/login');
    await logIn(page, DONOR);
    await expect(page).toHaveURL(/\/app\/trips/);
    await expectSeededTrips(page);
    await expect(page.getByTestId('donation-panel')).toHaveCount(0);
  });

  test("the month's prompt is a modal while the day of the month is below month_days, once per session, never for a monthly donor", async ({ page, browser, request }) => {
    const { donation } = (await (await request.get('/api/config')).json()) as { donation: { month_days: number } };
    expect(donation.month_days).toBeGreaterThan(1);
    // The browser's clock on the first day of this month.
    await page.clock.install({ time: dayOfThisMonth(1) });
    await page.goto('/app/login');
    await logIn(page, DEMO.passenger);
    await expect(page).toHaveURL(/\/app\/trips/);
    const prompt = page.getByRole('dialog', { name: /Ayudanos a sostener/ });
    await expect(prompt).toContainText('Este mes necesitamos tu ayuda');
    await expect(prompt.getByRole('radio', { name: '$ 2.000' })).toBeVisible();
    await expectNoSeriousAxe(page, '[role="dialog"]');
    await prompt.getByRole('button', { name: 'Ahora no' }).last().click();
    await expect(prompt).toBeHidden();

    // The same session: back on the trips home from another page, and after a reload, it does not come back.
    await page.getByRole('link', { name: 'Crear viaje' }).first().click();
    await expect(page).toHaveURL(/\/app\/trips\/create/);
    await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Viajes' }).click();
    await expect(page).toHaveURL(/\/app\/trips(\?|$)/);
    await expectSeededTrips(page);
    await expect(prompt).toHaveCount(0);
    await page.reload();
    await expectSeededTrips(page);
    await expect(page.getByTestId('donation-panel').first()).toBeVisible();
    await expect(prompt).toHaveCount(0);

    // A new session (another tab, still logged in) is asked again; on day month_days no longer.
    const second = await page.context().newPage();
    await second.goto('/app/trips');
    const again = second.getByRole('dialog', { name: /Ayudanos a sostener/ });
    await expect(again).toContainText('Este mes necesitamos tu ayuda');
    await again.getByRole('button', { name: 'Ahora no' }).last().click();
    await expect(again).toBeHidden();
    await page.clock.setSystemTime(dayOfThisMonth(donation.month_days));
    const third = await page.context().newPage();
    await third.goto('/app/trips');
    await expectSeededTrips(third);
    await expect(third.getByTestId('donation-panel').first()).toBeVisible();
    await expect(third.getByRole('dialog')).toHaveCount(0);

    // A monthly donor, on the first day, in a session of their own: never asked.
    const donorContext = await browser.newContext();
    await donorContext.clock.install({ time: dayOfThisMonth(1) });
    const donor = await donorContext.newPage();
    await donor.goto('/app/login');
    await logIn(donor, DONOR);
    await expect(donor).toHaveURL(/\/app\/trips/);
    await expectSeededTrips(donor);
    await expect(donor.getByRole('dialog')).toHaveCount(0);
    await donorContext.close();
  });
});
