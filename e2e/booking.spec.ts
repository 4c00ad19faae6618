import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { DEMO, logIn, openMyTrips, requestableTrips, tokenOf } from './support';

type ApiTrip = {
  id: number;
  user_id: number;
  to_town: string;
  trip_date: string;
  total_seats: number;
  seats_available: number;
  seat_price_cents: number;
  is_passenger: number | boolean;
  request: string;
  // User objects (the provider's TripUserTransformer): id is the user's.
  passenger?: { id: number; request_state?: number }[];
  user: { autoaccept_requests?: number | boolean };
};

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

type Me = { id: number; do_not_alert_request_seat?: number | boolean; do_not_alert_accept_passenger?: number | boolean };
async function meOf(request: APIRequestContext, token: string): Promise<Me> {
  const answer = await request.get('/api/users/me', { headers: auth(token) });
  return ((await answer.json()) as { data: Me }).data;
}

async function tripOf(request: APIRequestContext, token: string, id: number): Promise<ApiTrip> {
  const answer = await request.get(`/api/trips/${id}`, { headers: auth(token) });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { data: ApiTrip }).data;
}

async function loggedInPage(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/app/login');
  await logIn(page, who);
  await expect(page).toHaveURL(/\/app\/trips/);
  return page;
}

/**
 * The 'Carpoodatos' tips show unless the user turned them off ("No volver a mostrar" sets the user's
 * flag). The journey knows which: the first time it turns them off, so the next time they must not show.
 */
async function passTips(page: Page, kind: string, outcome: Locator, shows: boolean) {
  const tips = page.getByTestId(`carpoodatos-${kind}`);
  if (shows) {
    await expect(tips).toBeVisible();
    await tips.getByLabel('No volver a mostrar').check();
    await tips.getByRole('button', { name: 'Continuar' }).click();
  }
  await expect(outcome).toBeVisible();
  await expect(tips).toHaveCount(0);
}

async function requestSeat(page: Page, tripId: number, tips: { shows: boolean }) {
  await page.goto(`/app/trips/${tripId}`);
  await page.getByRole('button', { name: 'Solicitar asiento' }).click();
  await passTips(page, 'requestSeat', page.getByText('La solicitud fue enviada.'), tips.shows);
  await expect(page.getByRole('button', { name: 'Solicitud enviada' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Cancelar solicitud' })).toBeVisible();
}

async function acceptOnTrip(page: Page, tripId: number, tips: { shows: boolean }) {
  await page.goto(`/app/trips/${tripId}`);
  const pending = page.getByTestId('trip-pending-requests');
  await pending.getByRole('button', { name: `Aceptar la solicitud de ${DEMO.passenger.name}` }).click();
  await passTips(page, 'acceptPassenger', page.getByText(`Aceptaste la solicitud de ${DEMO.passenger.name}.`), tips.shows);
}

async function leaveTrip(page: Page, tripId: number) {
  await page.goto(`/app/trips/${tripId}`);
  await page.getByRole('button', { name: 'Bajarme del viaje' }).click();
  await expect(page.getByText('¿Estás seguro que deseas bajarte del viaje?')).toBeVisible();
  await page.getByRole('button', { name: 'Sí, confirmar' }).click();
  await expect(page.getByText('Te has bajado del viaje.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Solicitar asiento' })).toBeVisible();
}

test.describe.serial('booking', () => {
  test('a passenger books a seat, the driver is notified and accepts; with seat payment she pays, then leaves and the seats come back', async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    // An empty JSON body: without one the control answers 422 (its body schema refuses null).
    expect((await request.post('/__mock/reset', { data: {} })).ok()).toBe(true);

    const passengerToken = await tokenOf(request, DEMO.passenger);
    const driverToken = await tokenOf(request, DEMO.driver);
    const driver = await meOf(request, driverToken);
    const passengerId = (await meOf(request, passengerToken)).id;
    const candidates = await requestableTrips<ApiTrip>(request, passengerToken, driver.id, passengerId);
    const first = candidates[0];
    const second = candidates.find((trip) => trip.id !== first?.id && trip.to_town !== first?.to_town && trip.seat_price_cents > 0);
    expect(first, 'an upcoming trip of the driver with a free seat').toBeTruthy();
    expect(second, 'a second paid trip of the driver to another town').toBeTruthy();
    const seatsBefore = { first: first!.seats_available, second: second!.seats_available };

    const passenger = await loggedInPage(browser, DEMO.passenger);
    const driverPage = await loggedInPage(browser, DEMO.driver);

    // 1. The passenger asks for a seat: the button shows the sent state.
    // The seed leaves the tips on for both: the first request and the first acceptance show them.
    expect((await meOf(request, passengerToken)).do_not_alert_request_seat).toBeFalsy();
    expect(driver.do_not_alert_accept_passenger).toBeFalsy();
    await requestSeat(passenger, first!.id, { shows: true });

    // 2. The driver's bell counts it; the notifications page shows it and leads to the trip.
    await driverPage.goto('/app/trips');
    const bell = driverPage.getByRole('link', { name: /^Notificaciones, \d+ sin leer$/ });
    await expect(bell).toBeVisible({ timeout: 15_000 });
    const unreadBefore = Number((await bell.getAttribute('aria-label'))?.match(/\d+/)?.[0]);
    expect(unreadBefore).toBeGreaterThan(0);
    await bell.click();
    await expect(driverPage).toHaveURL(/\/app\/notifications$/);
    const notice = driverPage.getByRole('link', { name: `${DEMO.passenger.name} quiere subirse a tu viaje a ${first!.to_town}.` }).first();
    await expect(notice).toBeVisible();
    // Reading the list marks it read: the bell is asked again.
    await expect(driverPage.getByRole('link', { name: /^Notificaciones, / }).first()).not.toHaveAttribute('aria-label', `Notificaciones, ${unreadBefore} sin leer`);
    await notice.click();
    await expect(driverPage).toHaveURL(new RegExp(`/app/trips/${first!.id}$`));

    // 3. The pending request is on the trip; the driver accepts it.
    await expect(driverPage.getByTestId('trip-pending-requests')).toContainText(DEMO.passenger.name);
    await acceptOnTrip(driverPage, first!.id, { shows: true });
    await expect(driverPage.getByTestId('boarded-passengers')).toContainText(DEMO.passenger.name);
    expect((await tripOf(request, passengerToken, first!.id)).seats_available).toBe(seatsBefore.first - 1);
    await passenger.goto(`/app/trips/${first!.id}`);
    await expect(passenger.getByText('Estás subido a este viaje.')).toBeVisible();

    // 4. Seat payment on: a second request, accepted, waits for payment; she pays on /transbank.
    expect((await request.post('/__mock/config', { data: { module_trip_seats_payment: true } })).ok()).toBe(true);
    // Both turned the tips off the first time: they do not come back.
    await requestSeat(passenger, second!.id, { shows: false });
    await acceptOnTrip(driverPage, second!.id, { shows: false });
    await expect(driverPage.getByTestId('passengers-to-pay')).toContainText(DEMO.passenger.name);

    // On a phone, and with the answers cut to what the provider sends: the rows to pay name their
    // trip by trip_id only (PassengerTransformer), and the trip marks her seat to pay as a sent
    // request with her not among its passengers (TripTransformer: state 1 only).
    const desktop = passenger.viewportSize()!;
    await passenger.setViewportSize({ width: 390, height: 844 });
    await passenger.route('**/api/users/payment-pending', async (route) => {
      const answer = await route.fetch();
      const { data } = (await answer.json()) as { data: Record<string, unknown>[] };
      await route.fulfill({ response: answer, json: { data: data.map(({ trip: _trip, ...row }) => row) } });
    });
    await passenger.route(`**/api/trips/${second!.id}`, async (route) => {
      const answer = await route.fetch();
      const { data } = (await answer.json()) as { data: ApiTrip & { allPassengerRequest?: unknown } };
      const { allPassengerRequest: _requests, ...trip } = data;
      const passengers = (trip.passenger ?? []).filter((aboard) => aboard.id !== passengerId);
      await route.fulfill({ response: answer, json: { data: { ...trip, passenger: passengers, request: 'send' } } });
    });
    await passenger.goto(`/app/trips/${second!.id}`);
    await expect(passenger.getByText('Tu solicitud fue aceptada: pagá el asiento para confirmar tu lugar.')).toBeVisible();
    await expect(passenger.getByRole('button', { name: 'Pagar' })).toBeVisible();
    await expect(passenger.getByRole('button', { name: 'Solicitud enviada' })).toHaveCount(0);

    await openMyTrips(passenger);
    const payments = passenger.getByRole('region', { name: 'Pagos pendientes' });
    const card = payments.getByTestId('payment-pending-card').filter({ hasText: second!.to_town });
    await expect(card).toBeVisible();
    await expect(card.getByRole('link', { name: new RegExp(`→ ${second!.to_town}$`) })).toHaveAttribute('href', `/app/trips/${second!.id}`);
    await card.getByRole('button', { name: 'Pagar' }).click();
    await expect(passenger).toHaveURL(/\/transbank\?tp_id=\d+$/);
    await passenger.unrouteAll({ behavior: 'wait' });
    await passenger.setViewportSize(desktop);
    const paymentPath = new URL(passenger.url()).pathname + new URL(passenger.url()).search;

    // The page is the passenger's only: the driver is refused without seeing it, and a guest is sent
    // to log in and comes back to it as the passenger.
    await driverPage.goto(paymentPath);
    await expect(driverPage.getByText('Este pago es de otra persona')).toBeVisible();
    await expect(driverPage.getByRole('button', { name: 'Pagar' })).toHaveCount(0);
    const guestContext = await browser.newContext();
    const guest = await guestContext.newPage();
    await guest.goto(paymentPath);
    await expect(guest).toHaveURL(/\/app\/login/);
    await logIn(guest, DEMO.passenger);
    await expect(guest).toHaveURL(new RegExp(`${paymentPath.replace('?', '\\?')}$`));
    await expect(guest.getByRole('button', { name: 'Pagar', exact: true })).toBeVisible();
    await guestContext.close();
    await passenger.getByRole('button', { name: 'Pagar', exact: true }).click();
    // Back in the app, a toast says the seat is paid, once: the parameter that asked for it is dropped.
    await expect(passenger.getByText('¡Listo! Pagaste tu asiento: tu lugar en el viaje está confirmado.')).toBeVisible();
    // She lands on my trips, where the paid trip is no longer waiting for payment.
    await expect(passenger).toHaveURL(/\/app\/my-trips$/);
    await expect(passenger.getByTestId('payment-pending-card').filter({ hasText: second!.to_town })).toHaveCount(0);
    // The transactions list, as the provider's, shows trips that have left only: this one is upcoming.
    await passenger.goto('/app/transactions');
    await expect(passenger.getByTestId('transaction-row').first()).toBeVisible();
    await expect(passenger.getByTestId('transaction-row').filter({ hasText: second!.to_town })).toHaveCount(0);
    // Once it has left (the server clock moved past it for a moment), the paid seat is listed with its card.
    const departed = new Date(Date.parse(`${second!.trip_date.replace(' ', 'T')}-03:00`) + 60_000);
    expect((await request.post('/__mock/clock', { data: { now: departed.toISOString(), frozen: false } })).ok()).toBe(true);
    try {
      const listed = await request.get('/api/trips/transactions', { headers: auth(await tokenOf(request, DEMO.passenger)) });
      const rows = (await listed.json()) as { trip: { id: number }; payment_status: string; payment_info: { cardDetail?: { cardNumber: string } } | null }[];
      expect(rows.find((row) => row.trip.id === second!.id)).toMatchObject({ payment_status: 'ok', payment_info: { cardDetail: { cardNumber: expect.stringMatching(/4242$/) } } });
    } finally {
      expect((await request.post('/__mock/clock', { data: { now: null } })).ok()).toBe(true);
    }

    // 5. She leaves both trips, and the seats come back.
    await leaveTrip(passenger, second!.id);
    await leaveTrip(passenger, first!.id);
    expect((await tripOf(request, passengerToken, first!.id)).seats_available).toBe(seatsBefore.first);
    expect((await tripOf(request, passengerToken, second!.id)).seats_available).toBe(seatsBefore.second);
    await driverPage.goto(`/app/trips/${first!.id}`);
    await expect(driverPage.getByTestId('trip-passengers-slot')).not.toContainText(DEMO.passenger.name);

    await passenger.context().close();
    await driverPage.context().close();
  });
});
