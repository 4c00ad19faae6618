import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { dataOf, DEMO, logIn, openMyTrips, tokenOf } from './support';

const PHONE = { width: 375, height: 812 };

type ApiTrip = { id: number; user_id: number; is_passenger: number | boolean; seats_available: number; request?: string; passenger?: { id: number }[] };


async function phoneLogIn(page: Page, who: { email: string; password: string }) {
  await page.setViewportSize(PHONE);
  await page.goto('/app/login');
  await logIn(page, who);
  await expect(page).toHaveURL(/\/app\/trips/);
}

// Each file starts from the seed, whatever ran before it on the same server.
test.beforeAll(async ({ request }) => expect((await request.post('/__mock/reset', { data: {} })).ok()).toBe(true));

test.describe('on a phone', () => {
  test("a trip's seat request is reachable without scrolling, in a bar above the tab bar that settles at the end", async ({ page, request }) => {
    const token = await tokenOf(request, DEMO.passenger);
    const me = await dataOf<{ id: number }>(request, token, '/api/users/me');
    const driver = await dataOf<{ id: number }>(request, await tokenOf(request, DEMO.driver), '/api/users/me');
    const trips = await dataOf<ApiTrip[]>(request, token, `/api/trips?user_id=${driver.id}&page_size=50`);
    const trip = trips.find((candidate) => !candidate.is_passenger && candidate.seats_available > 0 && candidate.request !== 'send' && !candidate.passenger?.some((p) => p.id === me.id));
    expect(trip, 'an upcoming trip of the driver with a free seat').toBeDefined();

    await phoneLogIn(page, DEMO.passenger);
    await page.goto(`/app/trips/${trip!.id}`);
    const bar = page.getByTestId('trip-action-bar');
    const requestSeat = bar.getByRole('button', { name: 'Solicitar asiento' });
    await expect(requestSeat).toBeInViewport();
    // Above the tab bar, not under it.
    const tabBar = page.getByRole('navigation', { name: 'Accesos rápidos' });
    const [button, tabs] = await Promise.all([requestSeat.boundingBox(), tabBar.boundingBox()]);
    expect(button!.y + button!.height).toBeLessThanOrEqual(tabs!.y);
    const { violations } = await new AxeBuilder({ page }).include('[data-testid="trip-action-bar"]').analyze();
    expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual([]);

    // At the end of the page it is in its place, still there.
    await page.keyboard.press('End');
    await expect(requestSeat).toBeInViewport();
  });

  test("the driver's requests waiting for an answer come first in my trips", async ({ page, request }) => {
    const pending = await dataOf<unknown[]>(request, await tokenOf(request, DEMO.driver), '/api/users/requests');
    expect(pending.length, 'the seeded driver has requests to answer').toBeGreaterThan(0);
    await phoneLogIn(page, DEMO.driver);
    await openMyTrips(page);
    await expect(page.getByRole('heading', { name: 'Solicitudes por responder' })).toBeInViewport();
    await expect(page.getByTestId('pending-request-card').first()).toBeVisible();
  });

  test("someone else's trip edit page sends to trips with a word why; a passenger who is no verified driver publishes as a passenger", async ({ page, request }) => {
    const driverToken = await tokenOf(request, DEMO.driver);
    const driver = await dataOf<{ id: number }>(request, driverToken, '/api/users/me');
    const [trip] = await dataOf<ApiTrip[]>(request, driverToken, `/api/trips?user_id=${driver.id}&page_size=1`);

    await phoneLogIn(page, DEMO.passenger);
    await page.goto(`/app/trips/update/${trip!.id}`);
    await expect(page.getByText('Solo quien publicó el viaje puede editarlo.')).toBeVisible();
    await expect(page).toHaveURL(/\/app\/trips$/);

    await page.goto('/app/trips/create');
    await expect(page.getByRole('radio', { name: 'Como pasajero' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Como conductor' })).toBeDisabled();
    await expect(page.getByTestId('driver-disabled-reason')).toBeVisible();
  });

  test('the back control goes to the page before, and to trips when there is none; trips itself has none', async ({ page }) => {
    await phoneLogIn(page, DEMO.passenger);
    const header = page.getByRole('banner');
    const back = header.getByRole('button', { name: 'Volver', exact: true });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(back).toHaveCount(0);

    // Trips → a trip → its driver's profile, by tapping.
    await page.locator('main a[href^="/app/trips/"]').first().click();
    await expect(page).toHaveURL(/\/app\/trips\/\d+$/);
    const tripUrl = page.url();
    await page.locator('main a[href^="/app/profile/"]').first().click();
    await expect(page).toHaveURL(/\/app\/profile\/\d+$/);

    // Back: the trip, then trips.
    await back.click();
    await expect(page).toHaveURL(tripUrl);
    await back.click();
    await expect(page).toHaveURL(/\/app\/trips$/);
    await expect(back).toHaveCount(0);

    // A trip opened from a link (nothing before it in the app): back goes to trips.
    await page.goto(tripUrl);
    await back.click();
    await expect(page).toHaveURL(/\/app\/trips$/);
  });
});
