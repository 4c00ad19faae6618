import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { DEMO, logIn } from './support';

type Badge = { id: number; title: string; description: string | null; image_path: string | null };

async function tokenOf(request: APIRequestContext, who: { email: string; password: string }): Promise<string> {
  const answer = await request.post('/api/login', { data: { email: who.email, password: who.password } });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { token: string }).token;
}

async function getData<T>(request: APIRequestContext, token: string, url: string): Promise<T> {
  const answer = await request.get(url, { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.ok(), `${url}: ${await answer.text()}`).toBe(true);
  return ((await answer.json()) as { data: T }).data;
}

/** A phone-size page of its own context, logged in. */
async function phonePage(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await page.goto('/app/login');
  await logIn(page, who);
  await expect(page).not.toHaveURL(/\/app\/login/);
  return page;
}

/**
 * GET /api/config as the provider answers it with only its config/carpoolear.php (AuthController::_getConfig):
 * no osm_country, locale or the other keys an operator stores in app_config, donation values as text,
 * and an empty banner.
 */
const providerConfig = {
  name_app: 'Carpoolear',
  donation: { month_days: '0', trips_count: '20', trips_offset: '0', trips_rated: '2', ammount_needed: '1000' },
  banner: { url: '', url_mobile: '', image: '', image_mobile: '' },
  module_validated_drivers: false,
  module_coordinate_by_message: false,
  module_trip_seats_payment: false,
  module_trip_creation_payment_enabled: false,
  module_trip_creation_payment_amount_cents: 1500,
  module_max_price_enabled: false,
  module_seat_price_enabled: false,
  module_conversation_average_delay: false,
  module_unaswered_message_limit: false,
  maintenance: { enabled: false, mode: null, message: null, ends_at: null, admin_path: null },
};

test.describe.serial('provider shapes on our screens: badges with images, the chat trip and its return trip', () => {
  test.beforeAll(async ({ request }) => {
    expect((await request.post('/__mock/reset', { data: {} })).ok()).toBe(true);
    expect((await request.post('/__mock/config', { data: { module_coordinate_by_message: true, module_on_boarding_new_user: false } })).ok()).toBe(true);
  });

  test("a passenger on a phone sees the driver's badges with their images and reads one by touching it", async ({ browser, request }) => {
    const driver = await getData<{ id: number }>(request, await tokenOf(request, DEMO.driver), '/api/users/me');
    // What the seed gives the demo driver (verified, with past trips): the screen must show exactly these.
    const badges = await getData<Badge[]>(request, await tokenOf(request, DEMO.passenger), `/api/users/${driver.id}/badges`);
    expect(badges.length).toBeGreaterThan(1);

    const page = await phonePage(browser, DEMO.passenger);
    await page.goto(`/app/profile/${driver.id}`);
    const section = page.getByTestId('user-badges');
    await expect(section.getByRole('heading', { name: 'Insignias' })).toBeVisible();
    await expect(section.getByRole('listitem')).toHaveText(badges.map((badge) => badge.title));

    // Every image came from the server (badges/<file> under /app/img/) and was drawn.
    const images = section.locator('img');
    await expect(images).toHaveCount(badges.length);
    for (const image of await images.all()) {
      await expect(image).toHaveAttribute('src', /\/app\/img\/badges\/[a-z0-9-]+\.svg$/);
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    }

    const first = badges[0]!;
    await section.getByText(first.title, { exact: true }).tap();
    await expect(page.getByRole('tooltip')).toHaveText(first.description ?? first.title);
  });

  test('the chat about a trip with a return trip shows both, the return one from the conversation', async ({ browser, request }) => {
    const token = await tokenOf(request, DEMO.passenger);
    const me = await getData<{ id: number }>(request, token, '/api/users/me');
    // The passenger's seat request on a driver trip that has a return trip (the seeded Buenos Aires → Rosario).
    const requests = await getData<{ trip: { id: number; user_id: number; return_trip: { id: number; from_town: string; to_town: string } | null } }[]>(
      request,
      token,
      '/api/users/seat-requests',
    );
    const trip = requests.map((row) => row.trip).find((candidate) => candidate.return_trip !== null);
    expect(trip, `no request of user ${me.id} on a trip with a return trip`).toBeDefined();

    const page = await phonePage(browser, DEMO.passenger);
    await page.goto(`/app/trips/${trip!.id}`);
    await page.getByRole('button', { name: `Enviar mensaje a ${DEMO.driver.name}` }).click();
    const tips = page.getByTestId('carpoodatos-pricing');
    const composer = page.getByRole('textbox', { name: 'Mensaje' });
    await expect(tips.or(composer).first()).toBeVisible();
    if (await tips.isVisible()) await tips.getByRole('button', { name: 'Continuar' }).click();
    await expect(page).toHaveURL(/\/app\/conversations\/\d+$/);

    await expect(page.getByTestId('chat-trip-panel')).toBeVisible();
    const back = page.getByTestId('chat-return-trip-panel');
    await expect(back).toBeVisible();
    const { from_town: from, to_town: to } = trip!.return_trip!;
    await expect(back.getByRole('link', { name: `Vuelta: ${from} → ${to}` })).toHaveAttribute('href', `/app/trips/${trip!.return_trip!.id}`);
    await back.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/app/trips/${trip!.return_trip!.id}$`));
  });

  test("a guest on a phone searches trips against the provider's configuration and its alpha-3 places", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.route('**/api/config', (route) => route.fulfill({ json: providerConfig }));
    const places: string[] = [];
    page.on('response', async (response) => {
      if (response.url().includes('/api/trips/autocomplete')) {
        for (const place of ((await response.json()) as { nodes_geos: { country: string }[] }).nodes_geos) places.push(place.country);
      }
    });
    await page.goto('/app/trips');
    // The empty banner is no banner.
    await expect(page.getByRole('img', { name: 'Novedades' })).toHaveCount(0);
    await page.getByRole('textbox', { name: 'Origen', exact: true }).fill('Rosa');
    await page.getByRole('option', { name: 'Rosario, Santa Fe', exact: true }).tap();
    await page.getByRole('textbox', { name: 'Destino', exact: true }).fill('Córdo');
    await page.getByRole('option', { name: 'Córdoba, Córdoba', exact: true }).tap();
    await page.getByRole('button', { name: 'Buscar', exact: true }).tap();
    // The search went out: home places (alpha-3 'ARG', the provider's code default for osm_country) are not abroad.
    await expect(page).toHaveURL(/origin_name=Rosario.*destination_name=C/);
    expect(places.length).toBeGreaterThan(0);
    expect(new Set(places)).toEqual(new Set(['ARG']));
    await context.close();
  });
});
