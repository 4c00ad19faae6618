import { expect, type Page } from '@playwright/test';

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
