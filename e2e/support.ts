import { expect, type Page } from '@playwright/test';

export const DEMO = {
  admin: { email: 'admin@carpool.ar', password: 'carpool123' },
  driver: { email: 'conductor@carpool.ar', password: 'carpool123', name: 'Martín Gómez' },
  passenger: { email: 'pasajera@carpool.ar', password: 'carpool123', name: 'Lucía Fernández' },
} as const;

/** Fills and sends the login form of /app/login. */
export async function logIn(page: Page, who: { email: string; password: string }) {
  await page.getByLabel('E-mail').fill(who.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
}

/** Trip cards link to their detail page. */
export const tripCards = (page: Page) => page.locator('a[href*="/app/trips/"]').filter({ hasNotText: /crear/i });

export async function expectSeededTrips(page: Page) {
  await expect(page.getByText('Cargando viajes ...')).toHaveCount(0, { timeout: 15_000 });
  await expect(tripCards(page).first()).toBeVisible();
  await expect(page.getByText('No hay viajes')).toHaveCount(0);
}
