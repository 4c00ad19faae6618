import { expect, test } from '@playwright/test';
import { dataOf, DEMO, logIn, requestableTrips, tokenOf, type RequestableTrip } from './support';

/** Issue 44.3: an action that gives up a seat asks first, and its label says what it does. */

type ApiTrip = { id: number; user_id: number; passenger?: { id: number; request_state?: number }[] };


test.beforeAll(async ({ request }) => {
  expect((await request.post('/__mock/reset', { data: {} })).ok()).toBe(true);
  expect((await request.post('/__mock/config', { data: { module_coordinate_by_message: true, module_on_boarding_new_user: false } })).ok()).toBe(true);
});

test("in the chat's trip panel a passenger aboard reads 'Bajarme del viaje', is asked the spec's question, and only a yes takes her off", async ({ page, request }) => {
  const passengerToken = await tokenOf(request, DEMO.passenger);
  const driverToken = await tokenOf(request, DEMO.driver);
  const me = await dataOf<{ id: number }>(request, passengerToken, '/api/users/me');
  const driver = await dataOf<{ id: number }>(request, driverToken, '/api/users/me');
  const aboard = async (tripId: number) =>
    ((await dataOf<ApiTrip>(request, driverToken, `/api/trips/${tripId}`)).passenger ?? []).some((p) => p.id === me.id && (p.request_state ?? 1) === 1);
  const trips = await dataOf<ApiTrip[]>(request, driverToken, `/api/trips?user_id=${driver.id}&page_size=50`);
  const trip = trips.find((candidate) => candidate.passenger?.some((p) => p.id === me.id && (p.request_state ?? 1) === 1));
  expect(trip, 'the seeded passenger rides an upcoming trip of the demo driver').toBeDefined();

  await page.goto('/app/login');
  await logIn(page, DEMO.passenger);
  await expect(page).toHaveURL(/\/app\/trips/);
  await page.goto(`/app/trips/${trip!.id}`);
  await page.getByRole('button', { name: `Enviar mensaje a ${DEMO.driver.name}` }).click();
  const tips = page.getByTestId('carpoodatos-pricing');
  const chatTitle = page.getByRole('heading', { name: DEMO.driver.name });
  await expect(tips.or(chatTitle).first()).toBeVisible();
  if (await tips.isVisible()) await tips.getByRole('button', { name: 'Continuar' }).click();

  const panel = page.getByTestId('chat-trip-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Cancelar solicitud' })).toHaveCount(0);
  await panel.getByRole('button', { name: 'Bajarme del viaje' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bajarte del viaje' });
  await expect(dialog.getByText('¿Estás seguro que deseas bajarte del viaje?', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'No, volver' }).click();
  await expect(dialog).toBeHidden();
  expect(await aboard(trip!.id)).toBe(true);

  await panel.getByRole('button', { name: 'Bajarme del viaje' }).click();
  await dialog.getByRole('button', { name: 'Sí, confirmar' }).click();
  await expect(page.getByText('Te has bajado del viaje.')).toBeVisible();
  await expect.poll(() => aboard(trip!.id)).toBe(false);
  await expect(panel.getByRole('button', { name: 'Bajarme del viaje' })).toHaveCount(0);
});

test("on the trip page a sent request is withdrawn only after 'Cancelar la solicitud' asks", async ({ page, request }) => {
  const token = await tokenOf(request, DEMO.passenger);
  const me = await dataOf<{ id: number }>(request, token, '/api/users/me');
  const driver = await dataOf<{ id: number }>(request, await tokenOf(request, DEMO.driver), '/api/users/me');
  // She asks for a seat on an offer of the demo driver (without auto-accept, so the request waits).
  const [sent] = await requestableTrips<RequestableTrip & { id: number }>(request, token, driver.id, me.id);
  expect(sent, 'an offer of the demo driver she can ask a seat on').toBeDefined();
  const asked = await request.post(`/api/trips/${sent!.id}/requests`, { headers: { Authorization: `Bearer ${token}` } });
  expect(asked.ok()).toBe(true);

  await page.goto('/app/login');
  await logIn(page, DEMO.passenger);
  await expect(page).toHaveURL(/\/app\/trips/);
  await page.goto(`/app/trips/${sent!.id}`);
  const actions = page.getByTestId('booking-actions').first();
  await actions.getByRole('button', { name: 'Cancelar solicitud' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancelar la solicitud' });
  await expect(dialog.getByText('¿Querés cancelar tu solicitud de asiento en este viaje?')).toBeVisible();
  await dialog.getByRole('button', { name: 'No, volver' }).click();
  await expect(dialog).toBeHidden();
  expect((await dataOf<{ request?: string }>(request, token, `/api/trips/${sent!.id}`)).request).toBe('send');

  await actions.getByRole('button', { name: 'Cancelar solicitud' }).click();
  await dialog.getByRole('button', { name: 'Sí, confirmar' }).click();
  await expect(page.getByText('Cancelaste la solicitud.')).toBeVisible();
  await expect.poll(async () => (await dataOf<{ request?: string }>(request, token, `/api/trips/${sent!.id}`)).request).not.toBe('send');
});
