import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, openMyTrips, pickPlace, tripCards, typeDate } from './support';

/** Logs in through /app/login (by role: the password label carries the required asterisk). */
async function logIn(page: Page, who: { email: string; password: string }) {
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(who.email);
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
}

/** DD/MM/YYYY, `days` from today in Argentina. */
function argentineDay(days: number): string {
  const day = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Argentina/Buenos_Aires' }).format(day);
}


// A retry runs in a new worker (a higher TEST_WORKER_INDEX): its trip goes on another day, so the server's
// duplicate rule (same driver, towns, date-time and kind) does not hand back the failed attempt's trip.
const ATTEMPT = Number(process.env.TEST_WORKER_INDEX ?? 0) % 10;
const TRIP_DAY = argentineDay(20 + ATTEMPT);
const RETURN_DAY = argentineDay(32 + ATTEMPT);
const DESCRIPTION = `Viaje de prueba e2e ${Date.now()}: salgo desde el Monumento a la Bandera.`;
// A day with no seeded trips around it (±3 days): the search comes back empty.
const EMPTY_DAY = argentineDay(600);

/** The coming Friday in Argentina (a week ahead on a Friday), as typed (DD/MM/YYYY) and as ISO (YYYY-MM-DD). */
function nextFriday(): { typed: string; iso: string } {
  const weekday = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Argentina/Buenos_Aires', weekday: 'short' }).format(new Date());
  const ahead = ((5 - ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(weekday) + 7) % 7) || 7;
  const typed = argentineDay(ahead);
  return { typed, iso: typed.split('/').reverse().join('-') };
}

// Each file starts from the seed, whatever ran before it on the same server.
test.beforeAll(async ({ request }) => expect((await request.post('/__mock/reset', { data: {} })).ok()).toBe(true));

test.describe.serial('trips', () => {
  let tripPath = '';

  test('a guest searches Rosario → Córdoba, sees the seeded trips, logs in to open one and sees its route map', async ({ page }) => {
    await page.goto('/app/trips');
    await pickPlace(page, 'Origen', 'Rosa', 'Rosario, Santa Fe');
    await pickPlace(page, 'Destino', 'Córdo', 'Córdoba, Córdoba');
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await expect(page).toHaveURL(/origin_name=Rosario.*destination_name=C/);
    // The seed's demo story publishes four Rosario → Córdoba trips in the coming days.
    const cards = page.getByTestId('trip-card').filter({ hasText: 'Rosario' }).filter({ hasText: 'Córdoba' });
    await expect(cards.nth(3)).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('No hay viajes')).toHaveCount(0);

    // A trip's page is for logged-in users: the login comes first, then the trip asked for. The search
    // also finds trips that pass through Rosario (Buenos Aires → Córdoba, via Rosario): the page's heading
    // is the card's first and last town, whichever trip comes first on the day the suite runs.
    const first = cards.first();
    const href = await first.getAttribute('href');
    const towns = await first.locator('.trip-card-town').allInnerTexts();
    await first.click();
    await expect(page).toHaveURL(/\/app\/login/);
    await logIn(page, DEMO.passenger);
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole('heading', { name: `${towns[0]} → ${towns.at(-1)}`, level: 1 })).toBeVisible();
    const map = page.getByTestId('trip-map');
    await expect(map).toBeVisible();
    await expect(map.locator('path.leaflet-interactive').first()).toBeVisible();
  });

  test('a guest on a phone searches Buenos Aires → Córdoba for next Friday: that day\'s trips, then the nearby ones', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const friday = nextFriday();
    await page.goto('/app/trips');
    await pickPlace(page, 'Origen', 'Buenos Ai', 'Buenos Aires, Ciudad Autónoma de Buenos Aires');
    await pickPlace(page, 'Destino', 'Córdo', 'Córdoba, Córdoba');
    await typeDate(page, 'Fecha', friday.typed);
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    // The search sends the picked places' ids beside their coordinates, as the provider's clients.
    await expect(page).toHaveURL(/origin_id=81590481.*destination_id=2466067279/);

    const list = page.getByRole('region', { name: 'Viajes encontrados' });
    // The day's grid, then the nearby one under its heading.
    const [onTheDay, nearby] = [list.locator(':scope > ul').first(), list.locator(':scope > ul').nth(1)];
    const departures = (grid: Locator) => grid.locator('time').filter({ hasText: 'Fecha' }).evaluateAll((times) => times.map((time) => time.getAttribute('datetime')));
    await expect(onTheDay.getByRole('listitem').first()).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('No hay viajes')).toHaveCount(0);
    // The seed's corridors leave from the cities' own places every day, some through Rosario.
    for (const date of await departures(onTheDay)) expect(date?.slice(0, 10)).toBe(friday.iso);
    await expect(onTheDay.getByRole('listitem').first()).toContainText('Buenos Aires');
    await expect(onTheDay.getByRole('listitem').first()).toContainText('Córdoba');
    await expect(list.getByRole('heading', { name: 'Resultados cercanos' })).toBeVisible();
    const nearbyDates = await departures(nearby);
    expect(nearbyDates.length).toBeGreaterThan(0);
    for (const date of nearbyDates) expect(date?.slice(0, 10)).not.toBe(friday.iso);
  });

  test('a verified driver publishes a trip and its return with autocomplete, lands on its detail and edits the seats', async ({ page }) => {
    await page.goto('/app/login?redirectTo=%2Ftrips%2Fcreate');
    await logIn(page, DEMO.driver);
    await expect(page).toHaveURL(/\/app\/trips\/create$/);

    // Every validation message first.
    await page.getByRole('button', { name: 'Crear viaje', exact: true }).last().click();
    await expect(page.getByText('Algunos datos no son válidos. Revisá los campos marcados.')).toBeVisible();
    await expect(page.getByText('Elegí una localidad válida de la lista.')).toHaveCount(2);
    await expect(page.getByText('Ingresá la fecha del viaje.')).toBeVisible();
    await expect(page.getByText('Olvidaste la descripción del viaje.')).toBeVisible();
    await expect(page.getByText('Debes indicar que te comprometes a no lucrar con el viaje.')).toBeVisible();

    await pickPlace(page, 'Origen', 'Rosa', 'Rosario, Santa Fe');
    await pickPlace(page, 'Destino', 'Córdo', 'Córdoba, Córdoba');
    // The route's suggested and maximum price per seat.
    await expect(page.getByTestId('price-panel')).toContainText('Precio sugerido por asiento');

    await typeDate(page, 'Fecha', TRIP_DAY);
    const time = page.getByRole('textbox', { name: 'Hora', exact: true });
    await time.fill('');
    await time.pressSequentially('0615');
    await expect(time).toHaveValue('06:15');
    await page.getByRole('textbox', { name: 'Descripción', exact: true }).fill(DESCRIPTION);
    await page.getByLabel('Me comprometo a no lucrar con el viaje.').check();

    // The return trip, saved after the outbound one with parent_trip_id.
    await page.getByRole('switch', { name: /Agregar viaje de vuelta/ }).check();
    await expect(page.getByText('Vuelta: Córdoba → Rosario')).toBeVisible();
    await typeDate(page, 'Fecha de vuelta', RETURN_DAY);
    const returnTime = page.getByRole('textbox', { name: 'Hora de vuelta', exact: true });
    await returnTime.fill('');
    await returnTime.pressSequentially('1800');
    await expect(page.getByRole('textbox', { name: 'Descripción de la vuelta' })).toHaveValue(DESCRIPTION);
    await page.getByRole('button', { name: 'Crear viaje', exact: true }).last().click();

    await expect(page).toHaveURL(/\/app\/trips\/\d+$/, { timeout: 15_000 });
    await expect(page.getByText('Tu viaje fue publicado.')).toBeVisible();
    tripPath = new URL(page.url()).pathname;
    await expect(page.getByRole('heading', { name: 'Rosario → Córdoba' })).toBeVisible();
    await expect(page.getByText(DESCRIPTION)).toBeVisible();
    await expect(page.getByText('06:15')).toBeVisible();
    // Distance in whole km, estimated time and carbon.
    await expect(page.getByTestId('trip-stats')).toContainText(/\d+ km/);
    await expect(page.getByTestId('trip-stats')).toContainText(/kg CO₂/);
    // The map renders the route line even when the tile server cannot be reached.
    const map = page.getByTestId('trip-map');
    await expect(map).toBeVisible();
    await expect(map.locator('path.leaflet-interactive').first()).toBeVisible();

    // The owner's free-seat stepper.
    await expect(page.getByTestId('free-seats')).toHaveText('2');
    await page.getByRole('button', { name: 'Agregar un asiento libre' }).click();
    await expect(page.getByTestId('free-seats')).toHaveText('3');
    await expect(page.getByText('de 3 asientos')).toBeVisible();

    await page.getByRole('link', { name: /Ver el viaje de vuelta/ }).click();
    await expect(page.getByRole('heading', { name: 'Córdoba → Rosario' })).toBeVisible();
    await expect(page.getByText('18:00')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ver el viaje de ida' })).toHaveAttribute('href', `/app${tripPath.replace(/^\/app/, '')}`);
  });

  test('a guest finds the new trip from the home search', async ({ page }) => {
    expect(tripPath).not.toBe('');
    await page.goto('/app/trips');
    await pickPlace(page, 'Origen', 'Rosa', 'Rosario, Santa Fe');
    await pickPlace(page, 'Destino', 'Córdo', 'Córdoba, Córdoba');
    await typeDate(page, 'Fecha', TRIP_DAY);
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await expect(page).toHaveURL(/origin_name=Rosario/);
    const card = tripCards(page).and(page.locator(`[href="${tripPath}"]`));
    await expect(card).toBeVisible({ timeout: 15_000 });
    await expect(card).toContainText('06:15');
    await expect(card).toContainText('3 libres de 3');
  });

  test('a passenger saves a search alert for an empty search and sees it in my trips', async ({ page }) => {
    await page.goto('/app/login');
    await logIn(page, DEMO.passenger);
    await expect(page).toHaveURL(/\/app\/trips/);
    await pickPlace(page, 'Origen', 'Rosa', 'Rosario, Santa Fe');
    await pickPlace(page, 'Destino', 'Córdo', 'Córdoba, Córdoba');
    await typeDate(page, 'Fecha', EMPTY_DAY);
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await expect(page.getByText('No hay viajes')).toBeVisible({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Crear alerta' }).click();
    await expect(page.getByText('Te avisaremos cuando haya viajes para esta búsqueda.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Alerta creada' })).toBeDisabled();

    await openMyTrips(page, '?loc=suscriptions');
    const alerts = page.getByRole('region', { name: 'Alertas de búsqueda' });
    const item = alerts.getByTestId('subscription-item').filter({ hasText: 'Rosario' }).filter({ hasText: 'Córdoba' });
    await expect(item).toBeVisible();
    await expect(item).toContainText(`Alrededor del ${EMPTY_DAY}`);
    await expect(item).toContainText('Coincidencias: 0');
    await expect(alerts).toBeInViewport();

    // Back to the search it saves.
    await item.getByRole('link', { name: 'Buscar' }).click();
    await expect(page).toHaveURL(/\/app\/trips\?origin_name=Rosario.*destination_name=C/);
    await expect(page.getByText('No hay viajes')).toBeVisible({ timeout: 15_000 });
  });
});
