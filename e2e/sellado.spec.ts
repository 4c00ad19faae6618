import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe';
import { applyScenario } from './controls-support';
import { DEMO, logIn, openMyTrips, tokenOf } from './support';

/**
 * The creation fee ("sellado") widget (spec document 1 §2 and §4, issue 41.4): a driver whose trip waits
 * for the fee opens it from my trips, pays through the widget (the mock's payment stub) and sees the
 * trip become visible, at a desktop and at a phone width.
 */
test.describe('sellado', () => {
  test.describe.configure({ timeout: 120_000 });
  test.afterAll(async ({ request }) => expect((await request.post('/__mock/reset', { data: {} })).ok()).toBe(true));

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 375, height: 812 },
  ]) {
    test(`at ${viewport.width} px the driver pays the sellado in the trip's widget and the trip becomes visible`, async ({ browser, request }) => {
      const { trip_id } = await applyScenario(request, 'trip-awaiting-sellado');
      const tripUrl = `/api/trips/${trip_id}`;
      // Hidden to everyone else until the fee is paid.
      const passenger = await tokenOf(request, DEMO.passenger);
      expect((await request.get(tripUrl, { headers: { Authorization: `Bearer ${passenger}` } })).ok()).toBe(false);

      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto('/app/login');
      await logIn(page, DEMO.driver);
      await expect(page).toHaveURL(/\/app\/trips/, { timeout: 30_000 });

      await openMyTrips(page);
      await page.locator(`a[href="/app/trips/${trip_id}"]`).first().click();
      await expect(page).toHaveURL(new RegExp(`/app/trips/${trip_id}$`));

      const widget = page.getByRole('region', { name: 'Sellado del viaje' });
      await expect(widget).toContainText('Tu viaje está oculto: nadie más lo ve hasta que pagues el sellado.', { timeout: 15_000 });
      await expect(widget).toContainText('Sellado: $ 1.500');
      await expect(page.getByRole('alert').filter({ hasText: 'Pendiente de pago' })).toBeVisible();
      const pay = widget.getByRole('button', { name: 'Pagar sellado' });
      await expect(pay).toBeEnabled();
      expect(await seriousViolations(page, `trip page with the sellado widget at ${viewport.width} px`)).toEqual([]);

      await pay.click();
      await expect(page.getByRole('status').filter({ hasText: 'Sellado pagado' })).toContainText('Tu viaje ya es visible para los demás.');
      await expect(page.getByRole('alert').filter({ hasText: 'Pendiente de pago' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Pagar sellado' })).toHaveCount(0);
      expect(await seriousViolations(page, `trip page after paying the sellado at ${viewport.width} px`)).toEqual([]);

      // The server has it paid: the trip is visible to others now, and the page says no more about the fee.
      const seen = await request.get(tripUrl, { headers: { Authorization: `Bearer ${passenger}` } });
      expect(seen.ok()).toBe(true);
      expect(((await seen.json()) as { data: { state: string } }).data.state).not.toMatch(/awaiting_payment|payment_failed|pending_payment/);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
      await expect(page.getByTestId('sellado-widget')).toHaveCount(0);
      await context.close();
    });
  }
});
