import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, logIn } from './support';

const PLATE = 'AE 482 KT';

const reset = async (request: APIRequestContext) => expect((await request.post('/__mock/reset', { data: {} })).ok()).toBe(true);

/** The user's cars as a provider client reads them (GET /api/cars). */
async function carsOf(request: APIRequestContext, who: { email: string; password: string }) {
  const login = await request.post('/api/login', { data: who });
  const { token } = (await login.json()) as { token: string };
  const answer = await request.get('/api/cars', { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { data: { patente: string; description: string | null }[] }).data;
}

test.describe.serial('the car of a profile', () => {
  test.afterAll(async ({ request }) => reset(request));

  test('on a phone, a passenger without a car writes only the plate, saves, and the profile shows it', async ({ browser, request }) => {
    await reset(request);
    expect(await carsOf(request, DEMO.passenger)).toEqual([]);

    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/app/login');
    await logIn(page, DEMO.passenger);
    await expect(page).not.toHaveURL(/\/app\/login/);

    await page.goto('/app/setting/profile');
    const plate = page.getByRole('textbox', { name: 'Patente' });
    await plate.fill(PLATE);
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(page.getByText('Tu perfil se guardó.')).toBeVisible();

    // No description was asked or sent: the car exists with the plate alone.
    const cars = await carsOf(request, DEMO.passenger);
    expect(cars.map((car) => car.patente)).toEqual([PLATE]);
    expect(cars[0]?.description ?? '').toBe('');

    await page.goto('/app/profile/me?activeTab=profile');
    await expect(page.getByText(PLATE)).toBeVisible();
    await context.close();
  });

  test('a driver adds a car in Mis autos, edits it, picks it when publishing, and deletes it after confirming', async ({ page, request }) => {
    await reset(request);
    const before = await carsOf(request, DEMO.driver);
    await page.goto('/app/login');
    await logIn(page, DEMO.driver);
    await expect(page).not.toHaveURL(/\/app\/login/);

    // From the own profile, as a person finds it.
    await page.goto('/app/profile/me');
    await page.getByRole('link', { name: 'Mis autos' }).first().click();
    await expect(page).toHaveURL(/\/app\/setting\/cars$/);
    await expect(page.getByRole('heading', { name: 'Mis autos' })).toBeVisible();

    await page.getByRole('button', { name: 'Agregar auto' }).click();
    await page.getByRole('textbox', { name: 'Patente' }).fill(PLATE);
    await page.getByRole('textbox', { name: 'Año' }).fill('2018');
    // The catalogue's first brand, one of its models and a colour, picked from the lists.
    const pick = async (label: string) => {
      await page.getByRole('textbox', { name: label }).click();
      const option = page.getByRole('option').first();
      const name = (await option.textContent())?.trim() ?? '';
      await option.click();
      await expect(page.getByRole('textbox', { name: label })).toHaveValue(name);
      return name;
    };
    const brand = await pick('Marca');
    const model = await pick('Modelo');
    await pick('Color');
    await page.getByRole('button', { name: 'Guardar auto' }).click();
    await expect(page.getByText(`Guardaste el auto ${PLATE}.`)).toBeVisible();
    const list = page.getByRole('list', { name: 'Tus autos' });
    await expect(list.getByText(PLATE)).toBeVisible();
    expect((await carsOf(request, DEMO.driver)).map((car) => car.patente)).toEqual([...before.map((car) => car.patente), PLATE]);

    // Edit: a description.
    await page.getByRole('button', { name: `Editar el auto ${PLATE}` }).click();
    await page.getByRole('textbox', { name: 'Descripción' }).fill('Baúl grande, aire acondicionado');
    await page.getByRole('button', { name: 'Guardar auto' }).click();
    await expect(page.getByText(`Guardaste el auto ${PLATE}.`).first()).toBeVisible();
    await expect
      .poll(async () => (await carsOf(request, DEMO.driver)).find((car) => car.patente === PLATE)?.description)
      .toBe('Baúl grande, aire acondicionado');

    // The trip form offers it (taken by itself when it is the only one).
    await page.goto('/app/trips/create');
    const car = page.getByRole('textbox', { name: 'Auto' });
    await expect(car).toBeVisible();
    const label = new RegExp(`^${PLATE} · ${brand} ${model}`);
    if (before.length === 0) await expect(car).toHaveValue(label);
    else {
      await car.click();
      await page.getByRole('option', { name: label }).click();
      await expect(car).toHaveValue(label);
    }

    // Delete, after the confirmation.
    await page.goto('/app/setting/cars');
    await page.getByRole('button', { name: `Eliminar el auto ${PLATE}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Eliminar auto' });
    await expect(confirm.getByText(`¿Seguro que querés eliminar el auto ${PLATE}?`, { exact: false })).toBeVisible();
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByText(`Eliminaste el auto ${PLATE}.`)).toBeVisible();
    await expect(list.getByText(PLATE)).toHaveCount(0);
    expect((await carsOf(request, DEMO.driver)).map((car) => car.patente)).toEqual(before.map((car) => car.patente));
  });
});
