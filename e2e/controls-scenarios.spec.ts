import { expect, test, type Browser, type Page } from '@playwright/test';
import { addFault, applyScenario, clearFaults } from './controls-support';
import { DEMO, logIn } from './support';

/**
 * Named scenarios (issue 43): each journey puts the data in one state with POST /__mock/scenario/{name}
 * and checks the screen that state shows, with the ids the scenario answered (no seed ids).
 */
async function loggedIn(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/app/login');
  await logIn(page, who);
  await expect(page).toHaveURL(/\/app\/trips/, { timeout: 30_000 });
  return page;
}

test.describe('scenarios', () => {
  test.describe.configure({ timeout: 120_000 });
  test.afterAll(async ({ request }) => {
    await clearFaults(request);
    expect((await request.post('/__mock/reset', { data: {} })).ok()).toBe(true);
  });

  test('full-trip: the passenger sees no free seats on it', async ({ browser, request }) => {
    const { trip_id } = await applyScenario(request, 'full-trip');
    const page = await loggedIn(browser, DEMO.passenger);
    await page.goto(`/app/trips/${trip_id}`);
    await expect(page.getByRole('button', { name: 'No quedan asientos libres' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Solicitar asiento' })).toHaveCount(0);
  });

  test('seat-awaiting-payment: the pay action shows; with the payment page failing (fault rule) the spec message shows', async ({ browser, request }) => {
    const { trip_id } = await applyScenario(request, 'seat-awaiting-payment');
    const page = await loggedIn(browser, DEMO.passenger);
    await page.goto(`/app/trips/${trip_id}`);
    await expect(page.getByText('Tu solicitud fue aceptada: pagá el asiento para confirmar tu lugar.')).toBeVisible({ timeout: 15_000 });
    const pay = page.getByRole('button', { name: 'Pagar', exact: true });
    await expect(pay).toBeVisible();

    // A payment failure: the payment session cannot be opened.
    await addFault(request, { path: '/transbank/session', method: 'POST', code: 'server_error' });
    await pay.click();
    await expect(page.getByText('No pudimos abrir el pago. Volvé a intentarlo desde Mis viajes.')).toBeVisible();
  });

  test('rating-window-open: the passenger is reminded of the rating to give', async ({ browser, request }) => {
    await applyScenario(request, 'rating-window-open');
    const page = await loggedIn(browser, DEMO.passenger);
    const pending = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/users/ratings/pending');
    await page.goto('/app/my-trips');
    const { data } = (await (await pending).json()) as { data: unknown[] };
    expect(data.length).toBeGreaterThan(0);
    await expect(page.getByRole('dialog', { name: 'Tenés viajes por calificar' })).toBeVisible();
  });

  test('banned-user: logging in shows the suspended message', async ({ page, request }) => {
    const { email } = await applyScenario(request, 'banned-user');
    await page.goto('/app/login');
    await logIn(page, { email: String(email), password: 'carpool123' });
    await expect(page.getByText('Tu usuario fue suspendido. Escribinos a la mesa de ayuda si creés que es un error.')).toBeVisible();
    await expect(page).toHaveURL(/\/app\/login/);
  });

  test('unverified-driver: the trip form says why publishing as a driver is closed', async ({ browser, request }) => {
    await applyScenario(request, 'unverified-driver');
    const page = await (await browser.newContext()).newPage();
    await page.goto('/app/login?redirectTo=%2Ftrips%2Fcreate');
    await logIn(page, DEMO.driver);
    await expect(page).toHaveURL(/\/app\/trips\/create$/, { timeout: 30_000 });
    await expect(page.getByTestId('driver-disabled-reason')).toHaveText(
      'Para publicar como conductor tu cuenta tiene que estar verificada como conductor. Mientras tanto podés publicar que buscás viaje como pasajero.',
      { timeout: 20_000 },
    );
  });

  test('many-pending-requests: the driver sees the three requests to answer on the trip', async ({ browser, request }) => {
    const { trip_id, requester_names } = await applyScenario(request, 'many-pending-requests');
    expect(requester_names).toHaveLength(3);
    const page = await loggedIn(browser, DEMO.driver);
    await page.goto(`/app/trips/${trip_id}`);
    const pendingList = page.getByTestId('trip-pending-requests');
    await expect(pendingList).toBeVisible({ timeout: 15_000 });
    for (const name of requester_names as string[]) await expect(pendingList).toContainText(name);
  });

  test('no-trips: the search and my trips are empty', async ({ browser, request }) => {
    await applyScenario(request, 'no-trips');
    const page = await loggedIn(browser, DEMO.driver);
    await expect(page.getByText('No hay viajes')).toBeVisible({ timeout: 15_000 });
    const search = (await (await request.get('/api/trips')).json()) as { data: unknown[] };
    expect(search.data).toEqual([]);
  });
});
