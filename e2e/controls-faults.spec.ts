import { expect, test } from '@playwright/test';
import { TIMING } from '@carpool/contracts';
import { addFault, clearFaults, clearJournal, journal } from './controls-support';
import { DEMO, logIn } from './support';

/** Fault rules (issue 43) against the built app: what a person sees when the API fails in each way. */
test.describe('fault rules', () => {
  test.describe.configure({ timeout: 120_000 });
  test.beforeAll(async ({ request }) => expect((await request.post('/__mock/reset', { data: {} })).ok()).toBe(true));
  test.afterEach(async ({ request }) => clearFaults(request));

  test('the API down (dropped connections) shows the unavailable state; once it is back, Reintentar loads the app', async ({ page, request }) => {
    await addFault(request, { path: '/api/config', effect: 'drop', until_cleared: true });
    await page.goto('/app/trips');
    await expect(page.getByText('No pudimos cargar la configuración de la aplicación.')).toBeVisible({ timeout: 15_000 });
    // The journal has the dropped calls (status 0: no answer).
    expect((await journal(request, { path: '/api/config' })).some((entry) => entry.status === 0)).toBe(true);
    await clearFaults(request);
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await expect(page.getByRole('button', { name: 'Buscar', exact: true })).toBeVisible({ timeout: 15_000 });
  });

  test('each catalogue error of the login shows the spec message', async ({ page, request }) => {
    await page.goto('/app/login');
    const cases = [
      ['invalid_credentials', 'Email o password incorrecto.'],
      ['user_banned', 'Tu usuario fue suspendido. Escribinos a la mesa de ayuda si creés que es un error.'],
      ['too_many_requests', 'Hiciste demasiados intentos seguidos. Esperá unos minutos y volvé a probar.'],
    ] as const;
    for (const [code, message] of cases) {
      await addFault(request, { path: '/api/login', method: 'POST', code, times: 1 });
      await logIn(page, DEMO.passenger);
      await expect(page.getByText(message).first()).toBeVisible();
    }
    await expect(page).toHaveURL(/\/app\/login/);
  });

  test('a failed poll of the bell does not stop it: the next one is sent (page clock)', async ({ page, request }) => {
    await page.clock.install();
    await page.goto('/app/login');
    await logIn(page, DEMO.passenger);
    await expect(page).toHaveURL(/\/app\/trips/, { timeout: 30_000 });
    await expect(page.getByRole('link', { name: /^Notificaciones/ }).first()).toBeVisible({ timeout: 15_000 });
    await addFault(request, { path: '/api/notifications/count', code: 'server_error', times: 1 });
    await clearJournal(request);

    await page.clock.runFor(TIMING.notificationsPollMs);
    await expect.poll(async () => (await journal(request, { path: '/api/notifications/count' })).map((entry) => entry.status)).toContain(500);
    await page.clock.runFor(TIMING.notificationsPollMs);
    await expect.poll(async () => (await journal(request, { path: '/api/notifications/count' }))[0]?.status).toBe(200);
    const statuses = (await journal(request, { path: '/api/notifications/count' })).map((entry) => entry.status);
    expect(statuses.at(-1)).toBe(500);
  });
});
