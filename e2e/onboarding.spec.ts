import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

// A browser that has never been here: no FIRST_TIME_APP (every other journey has one, see playwright.config.ts).
test.use({ storageState: { cookies: [], origins: [] }, viewport: { width: 375, height: 812 } });

test.beforeAll(async ({ request }) => expect((await request.post('/__mock/reset', { data: {} })).ok()).toBe(true));

test.describe('onboarding', () => {
  test('a first-time guest on a phone sees it once the clock passes 600 ms, walks and closes it, and never again after a reload', async ({ page }) => {
    const start = new Date('2030-03-01T12:00:00-03:00');
    await page.clock.install({ time: start });
    await page.clock.pauseAt(new Date(start.getTime() + 1000));
    await page.goto('/app/trips');
    // The very first load waits 2 s (spec §4 Start-up), then the home shows.
    await page.clock.runFor(2000);
    await expect(page.getByRole('button', { name: 'Buscar', exact: true })).toBeVisible({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');

    const dialog = page.getByRole('dialog', { name: /^Bienvenido a / });
    // With the clock held, the idle network's half second of real time shows nothing: the overlay
    // waits for the clock (the exact 600 ms is pinned by onboarding-carousel.test.tsx on fake timers).
    await expect(page.locator('[data-testid="onboarding"]')).toHaveCount(0);
    // The clock moved on in steps: the overlay, whose code loads once the first screen has shown (so
    // that it does not delay the trips), shows once its 600 ms have passed on it.
    await expect
      .poll(async () => {
        await page.clock.runFor(200);
        return dialog.isVisible();
      })
      .toBe(true);
    // axe and the dialog's transitions need timers that run.
    await page.clock.resume();
    await expect(dialog.getByRole('heading', { name: 'Viajá compartiendo' })).toBeVisible();
    const serious = (await new AxeBuilder({ page }).include('[role="dialog"]').analyze()).violations.filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    );
    expect(serious.map((violation) => violation.id)).toEqual([]);

    await expect(dialog.getByRole('button', { name: 'Anterior' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Siguiente' }).click();
    await expect(dialog.getByRole('heading', { name: 'Buscá tu viaje' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Anterior' }).click();
    await expect(dialog.getByRole('heading', { name: 'Viajá compartiendo' })).toBeVisible();
    for (let card = 0; card < 3; card++) await dialog.getByRole('button', { name: 'Siguiente' }).click();
    await expect(dialog.getByRole('heading', { name: 'Calificá y sumá confianza' })).toBeVisible();
    await dialog.getByRole('button', { name: '¡Comenzar!' }).click();
    await expect(dialog).toHaveCount(0);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('FIRST_TIME_APP') ?? 'null') as unknown)).toMatchObject({ onboarded: true });

    await page.reload();
    await expect(page.getByRole('button', { name: 'Buscar', exact: true })).toBeVisible({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    await page.clock.fastForward(5000);
    await expect(page.locator('[data-testid="onboarding"]')).toHaveCount(0);
  });

  test('closing it on a phone (the X) counts as done too', async ({ page }) => {
    await page.clock.install();
    await page.goto('/app/trips');
    const dialog = page.getByRole('dialog', { name: /^Bienvenido a / });
    await page.clock.fastForward(3000);
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await expect(dialog).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Buscar', exact: true })).toBeVisible({ timeout: 15_000 });
    await page.clock.fastForward(3000);
    await expect(dialog).toHaveCount(0);
  });
});
