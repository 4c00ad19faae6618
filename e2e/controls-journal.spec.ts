import { expect, test } from '@playwright/test';
import { TIMING } from '@carpool/contracts';
import { addFault, clearFaults, clearJournal, journal } from './controls-support';
import { DEMO, logIn, pickPlace, typeDate } from './support';

/** DD/MM/YYYY, `days` from today in Argentina. */
function argentineDay(days: number): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Argentina/Buenos_Aires' }).format(new Date(Date.now() + days * 86_400_000));
}


/** The request journal (issue 43): what the web app sent, asserted on the server side. */
test.describe('request journal', () => {
  test.describe.configure({ timeout: 120_000 });
  test.beforeAll(async ({ request }) => expect((await request.post('/__mock/reset', { data: {} })).ok()).toBe(true));
  test.afterAll(async ({ request }) => clearFaults(request));

  test('the place autocomplete asks the API only after a 750 ms pause (page clock)', async ({ page, request }) => {
    await page.clock.install();
    await page.goto('/app/trips');
    const origin = page.getByRole('textbox', { name: 'Origen', exact: true }).first();
    await expect(origin).toBeVisible({ timeout: 40_000 });
    // Time stands still from here: only runFor moves the page's timers.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await clearJournal(request);
    await origin.pressSequentially('Rosa');
    await page.clock.runFor(TIMING.autocompleteDelayMs - 50);
    expect(await journal(request, { path: '/api/trips/autocomplete' })).toEqual([]);
    await page.clock.runFor(100);
    await expect.poll(async () => (await journal(request, { path: '/api/trips/autocomplete' })).length).toBe(1);
    const [asked] = await journal(request, { path: '/api/trips/autocomplete' });
    expect(Object.values(asked!.query)).toContain('Rosa');
  });

  test('a trip with a return under a 3 s delay: a spinner, no double submit, and the inverted kid/smoking/pet flags in the payload', async ({ page, request }) => {
    test.setTimeout(90_000);
    await page.goto('/app/login?redirectTo=%2Ftrips%2Fcreate');
    await logIn(page, DEMO.driver);
    await expect(page).toHaveURL(/\/app\/trips\/create$/, { timeout: 30_000 });
    await pickPlace(page, 'Origen', 'Rosa', 'Rosario, Santa Fe');
    await pickPlace(page, 'Destino', 'Córdo', 'Córdoba, Córdoba');
    await typeDate(page, 'Fecha', argentineDay(45));
    const time = page.getByRole('textbox', { name: 'Hora', exact: true });
    await time.fill('');
    await time.pressSequentially('0730');
    await page.getByRole('textbox', { name: 'Descripción', exact: true }).fill(`Viaje del registro de pedidos ${Date.now()}, salgo del centro.`);
    // "Sin niños", "No fumar", "Sin mascotas": the form's negatives are the API's allow_* flags inverted.
    for (const label of ['Sin niños', 'No fumar', 'Sin mascotas']) await page.getByLabel(label, { exact: true }).check();
    await page.getByLabel('Me comprometo a no lucrar con el viaje.').check();
    await page.getByRole('switch', { name: /Agregar viaje de vuelta/ }).check();
    await typeDate(page, 'Fecha de vuelta', argentineDay(47));
    const returnTime = page.getByRole('textbox', { name: 'Hora de vuelta', exact: true });
    await returnTime.fill('');
    await returnTime.pressSequentially('1900');

    await addFault(request, { path: '/api/trips', method: 'POST', delay_ms: 3000, times: 1 });
    await clearJournal(request);
    const submit = page.getByRole('button', { name: 'Crear viaje', exact: true }).last();
    await submit.click();
    await expect(submit).toHaveAttribute('data-loading', 'true');
    await submit.click({ force: true });
    await expect(page).toHaveURL(/\/app\/trips\/\d+$/, { timeout: 30_000 });

    const created = (await journal(request, { path: '/api/trips', method: 'POST' })).reverse();
    // One outbound and one return: the second click sent nothing.
    expect(created).toHaveLength(2);
    for (const entry of created) expect(entry.status).toBeLessThan(300);
    const [outbound, back] = created;
    for (const entry of [outbound!, back!]) expect(entry.body).toMatchObject({ allow_kids: false, allow_smoking: false, allow_animals: false });
    const outboundId = Number(new URL(page.url()).pathname.split('/').pop());
    expect(back!.body).toMatchObject({ parent_trip_id: outboundId });
  });
});
