import { expect, test, type APIRequestContext, type Page, type Response, type Route } from '@playwright/test';
import { DEMO, logIn } from './support';

// Issue 41.3 (spec document 1 §4 Start-up, document 2 §4 Login): after a login, and at a start with a
// saved session, the app loads the session's own data (own trips as driver and as passenger, pending
// ratings, pending requests, cars) once the first screen has shown, so Mis viajes and the trip form open
// with it. Here the preload's answers are waited for, then the same calls are held unanswered: what
// the pages show meanwhile can only have come from the preload.

/** The five calls of the preload, by path (the two trip lists share one, told apart by as_driver). */
const PRELOAD = [
  (url: URL) => url.pathname === '/api/users/get-trips' && url.searchParams.get('as_driver') === 'true',
  (url: URL) => url.pathname === '/api/users/get-trips' && url.searchParams.get('as_driver') === 'false',
  (url: URL) => url.pathname === '/api/users/ratings/pending',
  (url: URL) => url.pathname === '/api/users/requests',
  (url: URL) => url.pathname === '/api/cars',
];
const isPreloadCall = (url: URL) => PRELOAD.some((matches) => matches(url));

type Answer<T> = { data: T };
type OwnTrip = { id: number; to_town: string };
type OwnCar = { patente: string };

/** Resolves with the five preload answers, each the first GET of its kind from now on. */
function preloadAnswers(page: Page): Promise<Response[]> {
  return Promise.all(
    PRELOAD.map((matches) =>
      page.waitForResponse((response) => response.request().method() === 'GET' && matches(new URL(response.url())), { timeout: 20_000 }),
    ),
  );
}

/**
 * From now on every call the preload makes is held unanswered, until `release`: what a page shows
 * meanwhile was in the cache before it asked (Mis viajes asks again on every visit, as the provider's
 * client does, and shows what it has while it waits).
 */
async function holdPreloadCalls(page: Page): Promise<{ held: string[]; release: () => Promise<void> }> {
  const held: string[] = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const handler = async (route: Route) => {
    const url = new URL(route.request().url());
    held.push(`${url.pathname}${url.search}`);
    await released;
    await route.continue().catch(() => undefined);
  };
  await page.route(isPreloadCall, handler);
  return {
    held,
    release: async () => {
      await page.unroute(isPreloadCall, handler);
      release();
    },
  };
}

async function dataOf<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const answer = await request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.ok(), `${path}: ${answer.status()}`).toBe(true);
  return ((await answer.json()) as Answer<T>).data;
}

/** Opens Mis viajes from the phone's menu, as a person does, and puts off the ratings reminder if it greets. */
async function openMyTripsFromTheMenu(page: Page, pendingRatings: number) {
  await page.getByRole('button', { name: /^Abrir el menú/ }).click();
  await page.getByRole('menuitem', { name: /Mis viajes/ }).click();
  await expect(page).toHaveURL(/\/app\/my-trips$/);
  if (pendingRatings === 0) return;
  const reminder = page.getByRole('dialog', { name: 'Tenés viajes por calificar' });
  await reminder.getByRole('button', { name: 'Más tarde' }).last().click();
  await expect(reminder).toBeHidden();
}

test.describe('the session data loaded at login and at start', () => {
  test.beforeEach(async ({ request }) => {
    expect((await request.post('/__mock/reset', { data: {} })).ok()).toBe(true);
  });

  test('on a phone, after logging in and after a start with the saved session, Mis viajes and the trip form open with it', async ({ browser, request }) => {
    const login = await request.post('/api/login', { data: DEMO.driver });
    const { token } = (await login.json()) as { token: string };
    const trips = await dataOf<OwnTrip[]>(request, token, '/api/users/get-trips?as_driver=true');
    const cars = await dataOf<OwnCar[]>(request, token, '/api/cars');
    const pendingRatings = (await dataOf<unknown[]>(request, token, '/api/users/ratings/pending')).length;
    expect(trips.length, 'the seeded driver has upcoming trips').toBeGreaterThan(0);
    expect(cars.length, 'the seeded driver has a car').toBeGreaterThan(0);

    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    await page.goto('/app/login');
    const answered = preloadAnswers(page);
    await logIn(page, DEMO.driver);
    await expect(page).toHaveURL(/\/app\/trips/);
    // The first screen came first: the trips home is there by the time the preload has answered.
    const answers = await answered;
    expect(answers.map((answer) => answer.status())).toEqual([200, 200, 200, 200, 200]);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();

    const hold = await holdPreloadCalls(page);
    await openMyTripsFromTheMenu(page, pendingRatings);
    // The driver's upcoming trips, every one, from the preloaded answer, while the page's own refresh waits.
    for (const trip of trips) await expect(page.locator(`a[href="/app/trips/${trip.id}"]`).first()).toBeVisible();
    await expect(page.getByText('No pudimos cargar', { exact: false })).toHaveCount(0);

    // The trip form, from the tab bar: its car is there (the only one taken by itself, as the form does).
    await page.getByRole('navigation', { name: 'Accesos rápidos' }).getByRole('link', { name: 'Crear viaje' }).click();
    await expect(page).toHaveURL(/\/app\/trips\/create/);
    const car = page.getByRole('textbox', { name: 'Auto' });
    if (cars.length === 1) await expect(car).toHaveValue(new RegExp(`^${cars[0]!.patente}`));
    else {
      await car.click();
      for (const { patente } of cars) await expect(page.getByRole('option', { name: new RegExp(`^${patente}`) })).toBeVisible();
      await page.keyboard.press('Escape');
    }
    // The trip form did not need to ask for the cars at all.
    expect(hold.held.filter((call) => call.startsWith('/api/cars'))).toEqual([]);

    // A start with the saved session (the ratings reminder has already greeted this session): the
    // preload runs again once the first screen has shown.
    await hold.release();
    // Listened for once the new document has committed, so that no answer of the page left counts.
    await page.goto('/app/trips', { waitUntil: 'commit' });
    const again = preloadAnswers(page);
    expect((await again).map((answer) => answer.status())).toEqual([200, 200, 200, 200, 200]);
    const holdAfterStart = await holdPreloadCalls(page);
    await openMyTripsFromTheMenu(page, 0);
    for (const trip of trips) await expect(page.locator(`a[href="/app/trips/${trip.id}"]`).first()).toBeVisible();
    expect(holdAfterStart.held.length, "Mis viajes' own refresh is still waiting").toBeGreaterThan(0);
    await holdAfterStart.release();
    await context.close();
  });
});
