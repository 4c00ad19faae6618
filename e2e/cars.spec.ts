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
});
