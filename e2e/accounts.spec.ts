import { deflateSync } from 'node:zlib';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO } from './support';

/** A small valid PNG (solid green square), made here so the test needs no fixture file. */
function makePng(size = 16): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, Buffer.from([35, 122, 53]))]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Inputs by accessible name: Mantine writes the required asterisk inside the <label> (aria-hidden),
 * so an exact getByLabel('Contraseña') does not match a required field; the role's name does.
 */
const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

async function logIn(page: Page, who: { email: string; password: string }) {
  await field(page, 'E-mail').fill(who.email);
  await field(page, 'Contraseña').fill(who.password);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
}

type Mail = { to?: string; subject: string; text: string; links: string[] };

/** The newest e-mail sent to `to`, from the mock's outbox (test controls). */
async function lastMail(request: APIRequestContext, to: string): Promise<Mail> {
  let mails: Mail[] = [];
  await expect
    .poll(async () => {
      const answer = await request.get(`/__mock/outbox?to=${encodeURIComponent(to)}`);
      mails = answer.ok() ? ((await answer.json()) as { data: Mail[] }).data : [];
      return mails.length;
    })
    .toBeGreaterThan(0);
  return mails[0]!;
}

async function fillRegister(page: Page, account: { email: string; password: string; first: string; last: string; birthday: string }) {
  await field(page, 'E-mail').fill(account.email);
  await page.getByLabel('Repetí tu e-mail').fill(account.email);
  await field(page, 'Contraseña').fill(account.password);
  await page.getByLabel('Repetí la contraseña').fill(account.password);
  await field(page, 'Nombre').fill(account.first);
  await field(page, 'Apellido').fill(account.last);
  await page.getByLabel('Fecha de nacimiento').fill('');
  await page.getByLabel('Fecha de nacimiento').pressSequentially(account.birthday.replaceAll('/', ''));
  await expect(page.getByLabel('Fecha de nacimiento')).toHaveValue(account.birthday);
}

// Each file starts from the seed, whatever ran before it on the same server.
test.beforeAll(async ({ request }) => expect((await request.post('/__mock/reset', { data: {} })).ok()).toBe(true));

test.describe('accounts', () => {
  test('register → activation mail → activate → log in → profile update → a protected page', async ({ page, request }) => {
    const stamp = Date.now();
    const account = { email: `e2e.${stamp}@example.com`, password: 'clave-e2e-123', first: 'Camila', last: 'Rossi', birthday: '14/02/1994' };

    await page.goto('/app/register');
    await fillRegister(page, account);
    const submit = page.getByRole('button', { name: 'Registrarme', exact: true });
    await expect(submit).toBeDisabled();
    await page.getByRole('checkbox', { name: /Leí y acepto/ }).check();
    await submit.click();
    await expect(page.getByText(`Te enviamos un e-mail a ${account.email} para activar tu cuenta.`)).toBeVisible();

    // Not active yet: login says to activate the account first.
    await page.goto('/app/login');
    await logIn(page, account);
    await expect(page.getByText('Debés activar tu cuenta antes de ingresar. Revisá tu correo.')).toBeVisible();

    const mail = await lastMail(request, account.email);
    const link = mail.links.find((candidate) => candidate.includes('/app/activate/'));
    expect(link, mail.text).toBeTruthy();
    await page.goto(new URL(link!).pathname);
    await expect(page.getByRole('heading', { name: '¡Tu cuenta está activa!' })).toBeVisible();
    // This browser has seen the onboarding (playwright.config.ts storageState); onboarding.spec.ts walks it.

    // Log out and in again: a first-time user is sent to the profile update.
    await page.getByRole('button', { name: 'Menú de tu cuenta' }).click();
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL(/\/app\/trips/);
    await page.goto('/app/login');
    await logIn(page, account);
    await expect(page).toHaveURL(/\/app\/setting\/profile\?redirectTo=%2Ftrips$/);
    await expect(page.getByText('Completá tu perfil')).toBeVisible();
    await expect(page.getByLabel('Nombre y apellido')).toHaveValue('Camila Rossi');
    await expect(field(page, 'E-mail')).toHaveValue(account.email);

    // A save without a photo says the image is required.
    const digits = String(stamp).slice(-8);
    await page.getByLabel('Sobre mí').fill('Viajo seguido entre Rosario y Buenos Aires por trabajo.');
    await field(page, 'DNI').fill(digits);
    await field(page, 'Celular').fill(`11${digits}`);
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    // Beside the photo and as a toast.
    await expect(page.getByText('Tenés que subir una foto de perfil.')).toHaveCount(2);

    await page.getByLabel('Foto de perfil', { exact: true }).setInputFiles({ name: 'yo.png', mimeType: 'image/png', buffer: makePng() });
    await expect(page.getByText('La foto nueva se guarda con el perfil.')).toBeVisible();
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(page).toHaveURL(/\/app\/trips$/);

    // The profile is complete: the protected pages open.
    await page.goto('/app/my-trips');
    await expect(page).toHaveURL(/\/app\/my-trips$/);
    await page.goto('/app/trips/create');
    await expect(page).toHaveURL(/\/app\/trips\/create$/);

    // The saved profile shows on the profile page.
    await page.goto('/app/profile/me');
    await expect(page.getByRole('heading', { name: 'Camila Rossi' })).toBeVisible();
    await expect(page.getByText('Viajo seguido entre Rosario y Buenos Aires por trabajo.')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Foto de Camila Rossi' })).toBeVisible();
  });

  test("on a phone, a passenger opens the demo driver's profile from his trip and sees his upcoming trips", async ({ page, request }) => {
    // The driver's own upcoming trips (get-trips with his token): what his profile may show others.
    const login = await request.post('/api/login', { data: { email: DEMO.driver.email, password: DEMO.driver.password } });
    const auth = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    const own = await request.get('/api/users/get-trips?as_driver=true', { headers: auth });
    expect(own.ok()).toBe(true);
    type OwnTrip = { id: number; friendship_type_id: number; state: string; hidden?: number | boolean };
    const driverTrips = ((await own.json()) as { data: OwnTrip[] }).data;
    const publicIds = driverTrips.filter((trip) => trip.friendship_type_id === 2 && trip.state === 'ready' && !trip.hidden).map((trip) => trip.id);
    expect(publicIds.length).toBeGreaterThan(0);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/app/login');
    await logIn(page, DEMO.passenger);
    await page.waitForURL((url) => !url.pathname.includes('/login'));
    await page.goto(`/app/trips/${publicIds[0]}`);
    await page.getByRole('link', { name: DEMO.driver.name, exact: true }).click();
    await expect(page.getByRole('heading', { name: DEMO.driver.name })).toBeVisible();
    await page.getByRole('tab', { name: 'Viajes' }).click();

    // Get-trips would answer her own trips (user_id is for admins): the profile asks the search.
    const section = page.getByRole('region', { name: 'Viajes como conductor' });
    await expect(section.getByTestId('trip-card').first()).toBeVisible();
    const shown = await section.getByTestId('trip-card').evaluateAll((cards) => cards.map((card) => Number(card.getAttribute('href')?.split('/').pop())));
    expect(shown.every((id) => driverTrips.some((trip) => trip.id === id))).toBe(true);
    expect(shown).toEqual(expect.arrayContaining(publicIds));
    // Passenger and old trips are the admins' lists.
    await expect(page.getByRole('region', { name: 'Viajes como pasajero' })).toHaveCount(0);
  });

  test('on a phone, an admin finds an account by its document number or phone (a term of digits)', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.clock.install();
    await page.goto('/app/login');
    await logIn(page, DEMO.admin);
    await page.waitForURL((url) => !url.pathname.includes('/login'));
    await page.goto('/app/admin/users');
    const search = page.getByRole('searchbox', { name: 'Buscar usuario' });
    const suggestions = page.getByRole('list', { name: 'Usuarios encontrados' }).getByRole('button');
    // The demo passenger's DNI and phone (seed): each matches her account alone.
    for (const digits of ['39876543', '3415551234']) {
      await search.fill(digits);
      await page.clock.fastForward(750);
      await expect(suggestions).toHaveText([`${DEMO.passenger.name} (${DEMO.passenger.email})`]);
    }
    await suggestions.first().click();
    await expect(page.getByRole('heading', { name: `Editar a ${DEMO.passenger.name}` })).toBeVisible();
  });

  test('a wrong password shows the spec message', async ({ page }) => {
    await page.goto('/app/login');
    await logIn(page, { email: DEMO.driver.email, password: 'no-es-la-clave' });
    await expect(page.getByText('Email o password incorrecto.')).toBeVisible();
    await expect(page).toHaveURL(/\/app\/login/);
  });

  test('logging out on the phone leaves the same account logged in on the computer (only that session ends)', async ({ browser }) => {
    const computerContext = await browser.newContext();
    const phoneContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const [computer, phone] = [await computerContext.newPage(), await phoneContext.newPage()];
    for (const page of [computer, phone]) {
      await page.goto('/app/login');
      await logIn(page, DEMO.passenger);
      await expect(page).not.toHaveURL(/\/app\/login/);
    }

    await phone.getByRole('button', { name: /^Abrir el menú/ }).click();
    await phone.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
    await expect(phone).toHaveURL(/\/app\/trips/);
    await phone.goto('/app/my-trips');
    await expect(phone).toHaveURL(/\/app\/login/);

    // The computer starts again with its own token (retoken at start-up) and keeps its session.
    await computer.goto('/app/my-trips');
    await expect(computer).toHaveURL(/\/app\/my-trips/);
    await expect(computer.getByRole('button', { name: 'Menú de tu cuenta' })).toBeVisible();
    await computerContext.close();
    await phoneContext.close();
  });

  test('the register form shows each validation message', async ({ page }) => {
    await page.goto('/app/register');
    await page.getByRole('checkbox', { name: /Leí y acepto/ }).check();
    await page.getByRole('button', { name: 'Registrarme', exact: true }).click();
    await expect(page.getByText('Debés corregir los campos marcados.')).toBeVisible();
    await expect(page.getByText('Te olvidaste de ingresar el e-mail.')).toHaveCount(2);
    await expect(page.getByText('Te olvidaste de ingresar la contraseña.')).toBeVisible();
    await expect(page.getByText('Te olvidaste de confirmar la contraseña.')).toBeVisible();
    await expect(page.getByText('Te olvidaste de ingresar tu nombre.')).toBeVisible();
    await expect(page.getByText('Te olvidaste de ingresar tu apellido.')).toBeVisible();
    await expect(field(page, 'E-mail')).toBeFocused();

    await field(page, 'E-mail').fill('ana@');
    await page.getByLabel('Repetí tu e-mail').fill('otra@example.com');
    await field(page, 'Contraseña').fill('corta');
    await page.getByLabel('Repetí la contraseña').fill('distinta');
    await page.getByLabel('Fecha de nacimiento').fill('31/12/1899');
    await page.getByRole('button', { name: 'Registrarme', exact: true }).click();
    await expect(page.getByText('Ingresá un e-mail válido.')).toBeVisible();
    await expect(page.getByText('Los e-mails no coinciden.')).toBeVisible();
    await expect(page.getByText('La contraseña tiene que tener al menos 8 caracteres.')).toBeVisible();
    await expect(page.getByText('Las contraseñas no coinciden.')).toBeVisible();
    await expect(page.getByText('La fecha tiene que estar entre el 01/01/1900 y hoy.')).toBeVisible();

    // An e-mail already in use: mailEnUso on the field and as a toast.
    await fillRegister(page, { email: DEMO.passenger.email, password: 'clave-e2e-123', first: 'Lucía', last: 'Fernández', birthday: '01/03/1990' });
    await page.getByRole('button', { name: 'Registrarme', exact: true }).click();
    await expect(page.getByText('El e-mail ya está en uso.')).toHaveCount(2);
  });

  test('the typed data survives a visit to the terms page', async ({ page }) => {
    await page.goto('/app/register');
    await field(page, 'E-mail').fill('vuelvo@example.com');
    await field(page, 'Nombre').fill('Vuelvo');
    await page.getByRole('link', { name: 'términos y condiciones', exact: true }).click();
    await expect(page).toHaveURL(/\/app\/terminos$/);
    await expect(page.getByTestId('terms-content')).toContainText('Términos y condiciones');
    await page.getByRole('button', { name: 'Volver al registro' }).first().click();
    await expect(field(page, 'E-mail')).toHaveValue('vuelvo@example.com');
    await expect(field(page, 'Nombre')).toHaveValue('Vuelvo');
  });

  test('password reset sends a link that sets a new password', async ({ page, request }) => {
    await page.goto('/app/reset-password');
    await page.getByLabel('E-mail').fill('no-es-un-mail');
    await page.getByRole('button', { name: 'Enviar enlace' }).click();
    await expect(page.getByText('Ingrese un e-mail valido.')).toBeVisible();
    await page.getByLabel('E-mail').fill('nadie@example.com');
    await page.getByRole('button', { name: 'Enviar enlace' }).click();
    await expect(page.getByText('El e-mail ingresado no pertenece a ningún usuario.').first()).toBeVisible();

    await page.getByLabel('E-mail').fill(DEMO.admin.email);
    await page.getByRole('button', { name: 'Enviar enlace' }).click();
    await expect(page.getByText(`Te enviamos un e-mail a ${DEMO.admin.email}`)).toBeVisible();
    const mail = await lastMail(request, DEMO.admin.email);
    const link = mail.links.find((candidate) => candidate.includes('/app/reset-password/'))!;
    await page.goto(new URL(link).pathname);
    await field(page, 'Contraseña nueva').fill('carpool123');
    await page.getByLabel('Repetí la contraseña nueva').fill('carpool124');
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await expect(page.getByText('No coicide los campos')).toBeVisible();
    await page.getByLabel('Repetí la contraseña nueva').fill('carpool123');
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await expect(page).toHaveURL(/\/app\/login$/);
    // The same link is used up.
    await page.goto(new URL(link).pathname);
    await field(page, 'Contraseña nueva').fill('carpool123');
    await page.getByLabel('Repetí la contraseña nueva').fill('carpool123');
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await expect(page.getByText(/Token invalido/).first()).toBeVisible();
  });

  test('the about page shows the environmental claim and the terms are sanitized HTML', async ({ page }) => {
    await page.goto('/app/about');
    await expect(page.getByText('se dejan de emitir 150 g de CO2 y se ahorran 0,071 l de combustible')).toBeVisible();
    await expect(page.getByRole('link', { name: '© OpenStreetMap contributors' })).toBeVisible();
    await page.goto('/app/terminos');
    await expect(page.getByTestId('terms-content')).not.toBeEmpty();
    expect(await page.getByTestId('terms-content').locator('script').count()).toBe(0);
  });
});
