import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO = {
  admin: { email: 'admin@carpool.ar', password: 'carpool123' },
  driver: { email: 'conductor@carpool.ar', password: 'carpool123', name: 'Martín Gómez' },
  passenger: { email: 'pasajera@carpool.ar', password: 'carpool123', name: 'Lucía Fernández' },
} as const;

/** Fills and sends the login form of /app/login. */
export async function logIn(page: Page, who: { email: string; password: string }) {
  await page.getByLabel('E-mail').fill(who.email);
  await page.locator('input[type="password"]').first().fill(who.password);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
}

/** Trip cards link to their detail page. */
export const tripCards = (page: Page) => page.locator('a[href*="/app/trips/"]').filter({ hasNotText: /crear/i });

export async function expectSeededTrips(page: Page) {
  await expect(tripCards(page).first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Cargando viajes ...')).toHaveCount(0);
  await expect(page.getByText('No hay viajes')).toHaveCount(0);
}

/** The logged-in header: the account menu opens on the user's name. */
export async function expectLoggedInAs(page: Page, name: string) {
  await page.getByRole('button', { name: 'Menú de tu cuenta' }).click();
  await expect(page.getByRole('menu').getByText(name)).toBeVisible();
  await page.keyboard.press('Escape');
}

/**
 * Opens my trips as a person does: an account with ratings to give is greeted once a session by the
 * pending-ratings reminder, which they put off ('Más tarde') before going on. Whether it shows is read
 * from the same answer the page uses, so a journey never clicks through a dialog by chance.
 */
export async function openMyTrips(page: Page, search = '') {
  const alerted = page.url().startsWith('http')
    ? await page.evaluate(() => sessionStorage.getItem('PENDING_RATES_ALERTED') !== null)
    : false;
  // Listened for once the new document has committed: the page being left may still be asking the same
  // question, and its answer's body goes away with it.
  await page.goto(`/app/my-trips${search}`, { waitUntil: 'commit' });
  const pending = await page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/users/ratings/pending' && response.request().method() === 'GET',
  );
  const { data } = (await pending.json()) as { data: unknown[] };
  if (alerted || data.length === 0) return;
  const reminder = page.getByRole('dialog', { name: 'Tenés viajes por calificar' });
  await reminder.getByRole('button', { name: 'Más tarde' }).last().click();
  await expect(reminder).toBeHidden();
}

/** What the seat-request rule below reads of a trip answer. */
export type RequestableTrip = {
  is_passenger: number | boolean;
  seats_available: number;
  request?: string;
  trip_date: string;
  to_town: string;
  passenger?: { id: number }[];
  user: { autoaccept_requests?: number | boolean };
};

/**
 * The driver's upcoming offers with a free seat that the passenger has nothing on, going somewhere
 * she is not already travelling to (the similar-trip rule), at least a day ahead, without auto-accept.
 */
export async function requestableTrips<T extends RequestableTrip>(request: APIRequestContext, token: string, driverId: number, passengerId: number): Promise<T[]> {
  const answer = await request.get(`/api/trips?user_id=${driverId}&page_size=50`, { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.ok()).toBe(true);
  const trips = ((await answer.json()) as { data: T[] }).data;
  const aboardTo = new Set(trips.filter((trip) => trip.passenger?.some((p) => p.id === passengerId)).map((trip) => trip.to_town));
  const tomorrow = Date.now() + 86_400_000;
  return trips.filter(
    (trip) =>
      !trip.is_passenger &&
      trip.seats_available > 0 &&
      trip.request !== 'send' &&
      !trip.passenger?.some((p) => p.id === passengerId) &&
      !aboardTo.has(trip.to_town) &&
      !trip.user.autoaccept_requests &&
      new Date(trip.trip_date.replace(' ', 'T') + '-03:00').getTime() > tomorrow,
  );
}

/** Types into a place autocomplete and picks the option (the API is asked after a 750 ms pause). */
export async function pickPlace(page: Page, label: string, text: string, option: string) {
  await page.getByRole('textbox', { name: label, exact: true }).fill(text);
  await page.getByRole('option', { name: option, exact: true }).click({ timeout: 10_000 });
}

export async function typeDate(page: Page, label: string, date: string) {
  const input = page.getByRole('textbox', { name: label, exact: true });
  await input.fill(date);
  // Tab, not Enter: Enter in a text input submits the form.
  await input.press('Tab');
}

/** A demo account's token, through POST /api/login. */
export async function tokenOf(request: APIRequestContext, who: { email: string; password: string }): Promise<string> {
  const answer = await request.post('/api/login', { data: who });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { token: string }).token;
}

/** The `data` of a GET answer for that token. */
export async function dataOf<T>(request: APIRequestContext, token: string, url: string): Promise<T> {
  const answer = await request.get(url, { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { data: T }).data;
}
