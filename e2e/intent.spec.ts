import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, dataOf, expectSeededTrips, logIn, tokenOf, tripCards } from './support';

// Issue 44 items 4, 5 and 8: the trip a guest wanted survives registration, activation and the
// profile; the registration screen says where the e-mail went (the local outbox); a profile save the
// server refuses leaves the photo as it was.

const PHOTO = path.join(__dirname, 'fixtures/profile-photo.png');

/** Inputs by accessible name (Mantine's required asterisk sits inside the label, see accounts.spec.ts). */
const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

test.beforeAll(async ({ request }) => expect((await request.post('/__mock/reset', { data: {} })).ok()).toBe(true));

test.describe('intent', () => {
  test('on a phone, a guest who opened a trip registers, activates from the outbox link, completes the profile and is back on that trip', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.clock.install();
    // A browser that has loaded the app before but not seen the onboarding.
    await page.goto('/app/trips');
    await page.evaluate(() => {
      localStorage.setItem('FIRST_TIME_APP', JSON.stringify({ loaded: true, onboarded: false }));
    });
    await page.reload();
    await expectSeededTrips(page);

    // The onboarding comes 600 ms in: she walks it.
    const dialog = page.getByRole('dialog', { name: /^Bienvenido a / });
    await page.clock.fastForward(1000);
    await expect(dialog).toBeVisible();
    for (let card = 0; card < 3; card++) await dialog.getByRole('button', { name: 'Siguiente' }).click();
    await dialog.getByRole('button', { name: '¡Comenzar!' }).click();
    await expect(dialog).toHaveCount(0);

    // She opens a trip to ask for a seat: a guest is asked to log in first, the trip remembered.
    // One with a free seat: a full one ('Carpooleado') offers no seat to ask for.
    const card = tripCards(page).filter({ hasNotText: 'Carpooleado' }).first();
    const tripId = (await card.getAttribute('href'))!.split('/').pop()!;
    await card.click();
    await expect(page).toHaveURL(new RegExp(`/app/login\\?redirectTo=%2Ftrips%2F${tripId}$`));

    // She has no account: registers.
    await page.getByRole('link', { name: 'Registrate' }).click();
    await expect(page.getByRole('heading', { name: 'Creá tu cuenta' })).toBeVisible();
    const email = `intent.${Date.now()}@example.com`;
    await field(page, 'E-mail').fill(email);
    await page.getByLabel('Repetí tu e-mail').fill(email);
    await field(page, 'Contraseña').fill('clave-e2e-123');
    await page.getByLabel('Repetí la contraseña').fill('clave-e2e-123');
    await field(page, 'Nombre').fill('Julieta');
    await field(page, 'Apellido').fill('Paz');
    await page.getByLabel('Fecha de nacimiento').pressSequentially('21081996');
    await expect(page.getByLabel('Fecha de nacimiento')).toHaveValue('21/08/1996');
    await page.getByRole('checkbox', { name: /Leí y acepto/ }).check();
    await page.getByRole('button', { name: 'Registrarme', exact: true }).click();
    await expect(page.getByText(`Te enviamos un e-mail a ${email} para activar tu cuenta.`)).toBeVisible();

    // Without SMTP the e-mail is in the local outbox, and the screen links to it (44.8).
    await expect(page.getByText('El e-mail quedó en la bandeja local')).toBeVisible();
    await page.getByRole('link', { name: 'Abrir la bandeja local' }).click();
    await expect(page).toHaveURL(/\/__mock\//);
    const mail = page.getByRole('listitem').filter({ hasText: `Para ${email}` });
    // The activation link opens the app anew: only storage carries the trip over (44.4).
    await mail.getByRole('link', { name: /\/app\/activate\// }).click();
    await expect(page.getByRole('heading', { name: '¡Tu cuenta está activa!' })).toBeVisible();
    await page.getByRole('link', { name: 'Continuar' }).click();

    // The profile form says why she is here and what is missing.
    await expect(page).toHaveURL(new RegExp(`/app/setting/profile\\?redirectTo=%2Ftrips%2F${tripId}$`));
    await expect(
      page.getByText(
        'Para pedir un asiento completá tu perfil: te falta una foto de perfil y contar algo sobre vos en «Sobre mí». Cuando lo guardes, volvés al viaje.',
      ),
    ).toBeVisible();
    const digits = String(Date.now()).slice(-8);
    await page.getByLabel('Sobre mí').fill('Estudio en Córdoba y vuelvo a casa los fines de semana.');
    await field(page, 'DNI').fill(digits);
    await field(page, 'Celular').fill(`11${digits}`);
    await page.getByLabel('Foto de perfil', { exact: true }).setInputFiles(PHOTO);
    await expect(page.getByText('La foto nueva se guarda con el perfil.')).toBeVisible();
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();

    // Back on the trip she wanted, where she can ask for the seat.
    await expect(page).toHaveURL(new RegExp(`/app/trips/${tripId}$`));
    await expect(page.getByRole('button', { name: 'Solicitar asiento' })).toBeVisible();
    // Nothing left behind to send a later login there.
    expect(await page.evaluate(() => localStorage.getItem('carpool.rememberedTarget'))).toBeNull();
  });

  test('a profile save the server refuses (a DNI already registered) leaves the photo as it was', async ({ page, request }) => {
    const token = await tokenOf(request, DEMO.driver);
    const before = await dataOf<{ image: string | null; nro_doc: string | null }>(request, token, '/api/users/me');

    const photoUploads: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().includes('/api/users/photo')) photoUploads.push(sent.method());
    });

    await page.goto('/app/login');
    await logIn(page, DEMO.driver);
    await page.waitForURL((url) => !url.pathname.includes('/login'));
    await page.goto('/app/setting/profile');
    await page.getByLabel('Foto de perfil', { exact: true }).setInputFiles(PHOTO);
    await expect(page.getByText('La foto nueva se guarda con el perfil.')).toBeVisible();
    // The demo passenger's DNI (seed): the server refuses it as taken.
    await field(page, 'DNI').fill('39876543');
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(page.getByText('Ese DNI ya está registrado en otra cuenta.')).toBeVisible();

    // The refused save sent no photo: the account keeps its photo (and its DNI), the new one waits on the form.
    expect(photoUploads).toEqual([]);
    const after = await dataOf<{ image: string | null; nro_doc: string | null }>(request, token, '/api/users/me');
    expect(after.image).toBe(before.image);
    expect(after.nro_doc).toBe(before.nro_doc);
    await expect(page.getByText('La foto nueva se guarda con el perfil.')).toBeVisible();
  });
});
