import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { clearFaults, journal } from './controls-support';

/** The control page at /__mock/ (issue 43): accessible, and each panel does what it says. */
test.describe.serial('control page', () => {
  test.afterAll(async ({ request }) => {
    await clearFaults(request);
    expect((await request.post('/__mock/clock', { data: { now: null } })).ok()).toBe(true);
  });

  test('passes axe, applies a scenario, adds and removes a fault, moves the clock and shows the journal live', async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.clock.install();
    await page.goto('/__mock/');
    await expect(page.getByRole('heading', { level: 1, name: 'Controles del mock' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Aplicar no-trips' })).toBeVisible();
    await expect(page.getByTestId('server-now')).toBeVisible();
    // The drift report of the validating proxy (issue 42): shown when /__mock/drift answers.
    const driftOn = (await request.get('/__mock/drift')).ok();
    await expect(page.getByText(driftOn ? 'El proxy está encendido.' : 'El proxy está apagado: no hay informe de diferencias.')).toBeVisible();

    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      const { violations } = await new AxeBuilder({ page }).analyze();
      const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
      expect(serious.flatMap((violation) => violation.nodes.map((node) => `${width}px ${violation.id}: ${node.target.join(' ')}`))).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // A scenario: its ids are shown, and the data is in that state.
    await page.getByRole('button', { name: 'Aplicar many-pending-requests' }).click();
    const applied = page.getByRole('status').filter({ hasText: 'Escenario many-pending-requests aplicado' });
    await expect(applied).toBeVisible({ timeout: 60_000 });
    await expect(applied).toContainText('"request_ids"');

    // A fault rule through the form, listed, in force, then removed.
    await page.getByRole('textbox', { name: /Entrada del contrato o ruta/ }).fill('/api/config');
    await page.getByRole('combobox', { name: 'Efecto' }).selectOption('error');
    await page.getByRole('textbox', { name: /Código de error/ }).fill('server_error');
    await page.getByRole('button', { name: 'Agregar falla' }).click();
    const removeButton = page.getByRole('button', { name: /^Quitar la falla \d+$/ });
    await expect(removeButton).toBeVisible();
    expect((await request.get('/api/config')).status()).toBe(500);
    await removeButton.click();
    await expect(page.getByText('No hay fallas activas.')).toBeVisible();

    // The clock: moved and frozen, then released.
    await page.getByRole('textbox', { name: /Nueva hora/ }).fill('2031-03-01T09:30:00-03:00');
    await page.getByRole('button', { name: 'Mover el reloj' }).click();
    await expect(page.getByText('Congelada', { exact: true })).toBeVisible();
    expect(((await (await request.get('/__mock/status')).json()) as { now: string }).now).toBe('2031-03-01T12:30:00.000Z');
    await page.getByRole('button', { name: 'Volver a la hora real' }).click();
    await expect(page.getByText('Hora real', { exact: true })).toBeVisible();

    // The journal, live: a call made elsewhere shows after the page's next refresh.
    await page.getByRole('button', { name: 'Vaciar el registro' }).click();
    await expect(page.getByText('Todavía no hay pedidos.')).toBeVisible();
    expect((await request.get('/api/trips?page_size=1')).ok()).toBe(true);
    expect((await journal(request, { path: '/api/trips' })).length).toBe(1);
    await page.clock.runFor(2_000);
    await expect(page.getByRole('table', { name: 'Registro de pedidos (en vivo)' })).toContainText('/api/trips');
  });

  test('needs the same access as the controls: through a proxy header it is refused', async ({ request }) => {
    const refused = await request.get('/__mock/', { headers: { 'x-forwarded-for': '203.0.113.5' } });
    // The composed stack sends the token (playwright.config.ts): there the header alone passes.
    if (!process.env.E2E_CONTROLS_TOKEN_FILE) expect(refused.status()).toBe(403);
    else expect(refused.status()).toBe(200);
  });
});
