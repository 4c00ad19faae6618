import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { applyScenario } from './controls-support';
import { DEMO, logIn } from './support';

/**
 * Details a person meets in their first hour (issue 44 item 10): one back control in a phone's chat,
 * a login error toast that leaves the header readable, and a past trip that offers no free seats.
 */
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };

async function pageOf(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  return (await browser.newContext({ viewport })).newPage();
}

/** Once its entrance transition is over: where the element stays. */
async function settledBox(locator: Locator) {
  await locator.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)));
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box!;
}

test.describe('first-hour details', () => {
  test.describe.configure({ timeout: 90_000 });
  test.afterAll(async ({ request }) => {
    // The scenarios below start from a fresh seed and move the server clock: the seed and the clock go back.
    expect((await request.post('/__mock/reset', { data: {} })).ok()).toBe(true);
  });

  for (const viewport of [DESKTOP, PHONE]) {
    test(`at ${viewport.width} px the wrong-password toast does not cover the header`, async ({ browser }) => {
      const page = await pageOf(browser, viewport);
      await page.goto('/app/login');
      await logIn(page, { email: DEMO.passenger.email, password: 'no-es-la-clave' });
      const toast = page.getByRole('alert').filter({ hasText: 'Email o password incorrecto.' });
      await expect(toast).toBeVisible();
      const header = await settledBox(page.getByRole('banner'));
      const shown = await settledBox(toast);
      // Below the header, and on the screen.
      expect(shown.y).toBeGreaterThanOrEqual(header.y + header.height);
      expect(shown.x).toBeGreaterThanOrEqual(0);
      expect(shown.x + shown.width).toBeLessThanOrEqual(viewport.width);
      // The toast's empty containers (the other five positions) keep to their corners: the page under
      // them still takes the click, here the password field in the middle of the screen.
      await page.locator('input[type="password"]').first().click();
      await expect(page.locator('input[type="password"]').first()).toBeFocused();
      for (const position of ['bottom-center', 'bottom-left', 'bottom-right']) {
        const container = await page.locator(`[data-position="${position}"]`).first().boundingBox();
        expect(container?.height ?? 0, position).toBeLessThan(viewport.height / 2);
      }
      await page.context().close();
    });
  }

  test('on a phone an open chat has one back control, and it goes back to the conversations', async ({ browser, request }) => {
    await applyScenario(request, 'unread-conversation');
    const page = await pageOf(browser, PHONE);
    await page.goto('/app/login');
    await logIn(page, DEMO.passenger);
    await expect(page).toHaveURL(/\/app\/trips/, { timeout: 30_000 });

    await page.goto('/app/conversations');
    await expect(page.getByRole('heading', { name: 'Conversaciones' })).toBeVisible();
    // The scenario's chat: the driver's three unread messages, the last one on its row.
    await page.getByRole('link', { name: `Conversación con ${DEMO.driver.name}` }).filter({ hasText: 'Avisame así te guardo el lugar.' }).click();
    await expect(page.getByRole('heading', { name: DEMO.driver.name })).toBeVisible();

    const backControls = page.getByRole('link', { name: /^Volver/ }).or(page.getByRole('button', { name: /^Volver/ }));
    await expect(backControls).toHaveCount(1);
    await backControls.click();
    await expect(page.getByRole('heading', { name: 'Conversaciones' })).toBeVisible();
    await expect(page.getByRole('heading', { name: DEMO.driver.name })).toHaveCount(0);
    await page.context().close();
  });

  test('a trip that has left shows how full it went, not its free seats in their colour', async ({ browser, request }) => {
    // The demo passenger rode a trip of the demo driver; the server clock is 25 h past it, and so is the browser's.
    const { trip_id, now } = await applyScenario(request, 'rating-window-open');
    const page = await pageOf(browser, DESKTOP);
    await page.clock.install({ time: new Date(String(now)) });
    await page.goto('/app/login');
    await logIn(page, DEMO.driver);
    await expect(page).toHaveURL(/\/app\/trips/, { timeout: 30_000 });
    await page.goto(`/app/trips/${trip_id}`);

    await expect(page.getByRole('button', { name: 'Finalizado' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Viaje Carpooleado' })).toBeDisabled();
    const seats = page.getByTestId('trip-seats');
    await expect(seats).toHaveAttribute('data-seat-level', 'finished');
    await expect(seats).toContainText(/\d+ de \d+ ocupados/);
    await expect(seats).not.toContainText(/libres? de/);
    await page.context().close();
  });
});
