import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { DEMO } from './support';

const BANNED_TEXT = 'Tu usuario fue suspendido. Escribinos a la mesa de ayuda si creés que es un error.';

async function logIn(page: Page, who: { email: string; password: string }) {
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(who.email);
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
}

async function adminLogIn(page: Page, path: string) {
  await page.goto('/app/login');
  await logIn(page, DEMO.admin);
  await page.waitForURL((url) => !url.pathname.includes('/login'));
  await page.goto(`/app${path}`);
}

async function expectNoSeriousAxe(page: Page) {
  // The shared footer is not part of the admin screens (its link contrast belongs to the layout's owner).
  // Read once no toast is fading in or out ('El viaje quedó oculto.' animates while axe would measure it).
  expect(await seriousViolations(page, page.url(), { exclude: ['footer'] })).toEqual([]);
}

async function apiToken(request: APIRequestContext, who: { email: string; password: string }) {
  const answer = await request.post('/api/login', { data: who });
  expect(answer.ok()).toBe(true);
  return (await answer.json()).token as string;
}

// Each file starts from the seed, whatever ran before it on the same server.
test.beforeAll(async ({ request }) => expect((await request.post('/__mock/reset', { data: {} })).ok()).toBe(true));

test.describe.serial('admin', () => {
  test('the dashboard shows four charts with data and asks again every 20 s', async ({ page }) => {
    await page.clock.install();
    let tripCalls = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/data/trips')) tripCalls += 1;
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await adminLogIn(page, '/admin');
    const charts = page.getByTestId('admin-chart');
    await expect(charts).toHaveCount(4);
    for (const title of ['Viajes por mes', 'Solicitudes de asiento por mes y estado', 'Usuarios activos por mes', 'Usuarios totales']) {
      await expect(page.getByRole('figure', { name: title }).locator('svg.recharts-surface').first()).toBeVisible({ timeout: 15_000 });
    }
    await expect(page.getByRole('figure', { name: 'Viajes por mes' }).locator('.recharts-bar-rectangle path').first()).toBeVisible();
    await expect(page.getByRole('figure', { name: 'Usuarios totales' }).locator('.recharts-line-curve').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Desde' })).toHaveText(new RegExp(`enero ${new Date().getFullYear()}`, 'i'));
    await expectNoSeriousAxe(page);

    const before = tripCalls;
    await page.clock.fastForward(20_000);
    await expect.poll(() => tripCalls).toBeGreaterThan(before);

    await page.setViewportSize({ width: 375, height: 812 });
    await expect(charts).toHaveCount(4);
    await expectNoSeriousAxe(page);
  });

  test('the admin finds a user by part of the name, bans them, and their login then says they are suspended', async ({ page, request }) => {
    const token = await apiToken(request, DEMO.admin);
    const list = await request.get('/api/admin/users?per_page=100&sort=id&direction=desc', { headers: { authorization: `Bearer ${token}` } });
    const users = (await list.json()).data as Array<{ id: number; name: string; email: string; active: number; banned: number; is_admin?: number }>;
    // A seeded account (password carpool123), not one another journey registered with its own password.
    const victim = users.find((user) => user.active === 1 && user.banned === 0 && /@example\.(com|net|org)$/.test(user.email) && !user.email.startsWith('e2e.'));
    expect(victim, 'a seeded active user').toBeDefined();

    await page.clock.install();
    await adminLogIn(page, '/admin/users');
    await expect(page.getByText('Seleccione alguna persona')).toBeVisible();
    const searches: string[] = [];
    page.on('request', (sent) => {
      const url = new URL(sent.url());
      if (url.pathname === '/api/users/search') searches.push(url.searchParams.get('name') ?? '');
    });
    // The search waits 750 ms after the last key (spec: the admin search pause): nothing is asked before.
    // The page's time stands still meanwhile (a second ahead, then paused): only runFor moves it.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await page.getByRole('searchbox', { name: 'Buscar usuario' }).fill('zzqxw no existe');
    await page.clock.runFor(700);
    await expect(page.getByText('No se encontro ningun usuario')).toHaveCount(0);
    expect(searches).toEqual([]);
    await page.clock.runFor(50);
    await expect.poll(() => searches).toEqual(['zzqxw no existe']);
    // The answer's rendering needs the page's timers again.
    await page.clock.resume();
    await expect(page.getByText('No se encontro ningun usuario')).toBeVisible();

    await page.getByRole('searchbox', { name: 'Buscar usuario' }).fill(victim!.name.slice(1));
    await page.clock.fastForward(750);
    const suggestions = page.getByRole('list', { name: 'Usuarios encontrados' }).getByRole('button');
    await expect(suggestions.first()).toBeVisible();
    expect(await suggestions.count()).toBeLessThanOrEqual(3);
    await suggestions.filter({ hasText: victim!.email }).click();
    await expect(page.getByRole('button', { name: 'Enviar mensaje' })).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectNoSeriousAxe(page);
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoSeriousAxe(page);

    // A plate above 20 characters is refused on the form.
    await page.getByRole('textbox', { name: 'Patente' }).fill('X'.repeat(21));
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page.getByText('Verifique los campos')).toBeVisible();
    await expect(page.getByText('La patente no puede tener más de 20 caracteres')).toBeVisible();
    await page.getByRole('textbox', { name: 'Patente' }).fill('');

    await page.getByRole('checkbox', { name: 'Usuario suspendido' }).check();
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page.getByText('Perfil actualizado correctamente.')).toBeVisible();

    const guest = await page.context().browser()!.newPage();
    await guest.goto('/app/login');
    await logIn(guest, { email: victim!.email, password: 'carpool123' });
    await expect(guest.getByText(BANNED_TEXT)).toBeVisible();
    await guest.close();
  });

  test('the admin hides a trip (it leaves the public search) and activates it again', async ({ page, request }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await adminLogIn(page, '/admin/trips');
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows.nth(1)).toBeVisible({ timeout: 15_000 });
    const token = await apiToken(request, DEMO.admin);
    const auth = { authorization: `Bearer ${token}` };
    /** The ids the public (guest) search finds for the trip's route and day. */
    const publicSearchOf = (trip: { trip_date: string; is_passenger: unknown; points: Array<{ lat: number; lng: number }> }) => async () => {
      const [origin, destination] = [trip.points[0]!, trip.points.at(-1)!];
      const query = new URLSearchParams({
        origin_lat: String(origin.lat), origin_lng: String(origin.lng), origin_radio: '5000',
        destination_lat: String(destination.lat), destination_lng: String(destination.lng), destination_radio: '5000',
        date: trip.trip_date.slice(0, 10), is_passenger: String(Boolean(trip.is_passenger)), page_size: '50',
      });
      const answer = await request.get(`/api/trips?${query}`);
      return ((await answer.json()).data as Array<{ id: number }>).map((found) => found.id);
    };
    // The first row whose trip a guest finds (upcoming, public); the list's order does not change.
    let index = 1;
    let id = 0;
    let publicSearch: () => Promise<number[]> = async () => [];
    for (; index < 21; index += 1) {
      const candidate = rows.nth(index);
      if (!(await candidate.getByRole('button', { name: /^Ocultar el viaje/ }).count())) continue;
      await candidate.getByRole('button', { name: /^Ver el viaje/ }).click();
      id = Number((await page.getByRole('dialog').getByText(/^#\d+$/).textContent())!.slice(1));
      await page.keyboard.press('Escape');
      const trip = (await (await request.get(`/api/trips/${id}`, { headers: auth })).json()).data;
      publicSearch = publicSearchOf(trip);
      if ((await publicSearch()).includes(id)) break;
    }
    const row = rows.nth(index);
    expect(await publicSearch()).toContain(id);

    await row.getByRole('button', { name: /^Ocultar el viaje/ }).click();
    await expect(page.getByText('El viaje quedó oculto.')).toBeVisible();
    await expect.poll(publicSearch).not.toContain(id);
    await expect(row.getByRole('button', { name: /^Activar el viaje/ })).toBeEnabled();
    await expect(page.locator('[data-loading]')).toHaveCount(0);
    await expectNoSeriousAxe(page);

    await row.getByRole('button', { name: /^Activar el viaje/ }).click();
    await expect(page.getByText('El viaje está activo otra vez.')).toBeVisible();
    await expect.poll(publicSearch).toContain(id);

    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoSeriousAxe(page);
  });
});
