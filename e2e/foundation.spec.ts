import { expect, test } from '@playwright/test';
import { DEMO, expectLoggedInAs, expectSeededTrips, logIn, tripCards } from './support';

// Each file starts from the seed, whatever ran before it on the same server.
test.beforeAll(async ({ request }) => expect((await request.post('/__mock/reset', { data: {} })).ok()).toBe(true));

test.describe('foundation', () => {
  test('a visitor sees seeded Argentine trips on the home page', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/app\/trips$/);
    await expectSeededTrips(page);
    expect(await tripCards(page).count()).toBeGreaterThan(3);
    // Cards show real places and the Argentine price format.
    await expect(tripCards(page).first()).toContainText(/\$\s?[\d.]+/);
  });

  test('more trips load when scrolling to the end of the list', async ({ page }) => {
    await page.goto('/app/trips');
    await expectSeededTrips(page);
    const before = await tripCards(page).count();
    await tripCards(page).last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 20_000);
    await expect.poll(async () => tripCards(page).count(), { timeout: 15_000 }).toBeGreaterThan(before);
  });

  test('the demo passenger logs in', async ({ page }) => {
    await page.goto('/app/login');
    await logIn(page, DEMO.passenger);
    await expect(page).toHaveURL(/\/app\/trips/);
    await expectLoggedInAs(page, DEMO.passenger.name);
  });

  test('a wrong password shows the spec message', async ({ page }) => {
    await page.goto('/app/login');
    await logIn(page, { email: DEMO.passenger.email, password: 'no-es-la-clave' });
    await expect(page.getByText('Email o password incorrecto.')).toBeVisible();
    await expect(page).toHaveURL(/\/app\/login/);
  });

  test('a guest is sent from my trips to login, and back there after logging in', async ({ page }) => {
    await page.goto('/app/my-trips');
    await expect(page).toHaveURL(/\/app\/login/);
    await logIn(page, DEMO.passenger);
    await expect(page).toHaveURL(/\/app\/my-trips/);
  });

  test('unknown paths go to the trips home', async ({ page }) => {
    await page.goto('/app/esto-no-existe');
    await expect(page).toHaveURL(/\/app\/trips/);
  });
});
