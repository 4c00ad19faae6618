import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { DEMO, logIn } from './support';

const NEGATIVE = 'Llegó media hora tarde y no avisó.';
const REPLY = 'Hubo un corte en la Panamericana, perdón por la demora.';
const REFERENCE = 'Martín es un conductor muy prudente y puntual.';

const reset = async (request: APIRequestContext) => expect((await request.post('/__mock/reset', { data: {} })).ok()).toBe(true);

async function tokenOf(request: APIRequestContext, who: { email: string; password: string }): Promise<string> {
  const answer = await request.post('/api/login', { data: who });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { token: string }).token;
}

/** The demo driver's next trip to Rosario (Lucía and the donor are its accepted passengers). */
async function tripToRosario(request: APIRequestContext): Promise<{ id: number; trip_date: string }> {
  const token = await tokenOf(request, DEMO.driver);
  const answer = await request.get('/api/users/get-trips?as_driver=true', { headers: { Authorization: `Bearer ${token}` } });
  const trips = ((await answer.json()) as { data: { id: number; to_town: string; trip_date: string }[] }).data;
  const trip = trips.filter((candidate) => candidate.to_town.includes('Rosario')).sort((a, b) => a.trip_date.localeCompare(b.trip_date))[0];
  expect(trip, 'the seeded trip to Rosario').toBeTruthy();
  return trip!;
}

async function loggedInPage(browser: Browser, who: { email: string; password: string }, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto('/app/login');
  await logIn(page, who);
  await expect(page).not.toHaveURL(/\/app\/login/);
  return page;
}

/** With a modal open, only the dialog is checked: the overlay dims (and so fails the contrast of) the page behind it. */
async function expectNoSeriousAxeViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page });
  const results = await (include ? builder.include(include) : builder).analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

const pendingCard = (page: Page, name: string) => page.getByTestId('pending-rating').filter({ hasText: name }).first();

test.describe.serial('ratings, references and donations', () => {
  test.afterAll(async ({ request }) => reset(request));

  test('after the clock passes a trip, the passenger rates the driver negatively, the driver sees it only after rating back and replies; both show on the profiles; the donation modal follows the rating', async ({
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    await reset(request);
    const trip = await tripToRosario(request);
    // 25 h after the trip's start (Argentina time, UTC−3): its ratings are open.
    const opened = new Date(new Date(`${trip.trip_date.replace(' ', 'T')}-03:00`).getTime() + 25 * 3_600_000);
    expect((await request.post('/__mock/clock', { data: { now: opened.toISOString(), frozen: false } })).ok()).toBe(true);

    // The passenger: the reminder shows once per session and leads to the pending ratings.
    const passenger = await loggedInPage(browser, DEMO.passenger);
    await passenger.goto('/app/my-trips');
    const reminder = passenger.getByRole('dialog', { name: 'Tenés viajes por calificar' });
    await expect(reminder).toBeVisible();
    await expectNoSeriousAxeViolations(passenger, '[role="dialog"]');
    await reminder.getByRole('button', { name: 'Calificar ahora' }).click();
    await expect(reminder).toBeHidden();
    await expect(passenger.locator('.mantine-Modal-overlay')).toHaveCount(0);
    await expectNoSeriousAxeViolations(passenger, '#ratings');

    // The rules modal.
    await passenger.getByRole('button', { name: 'Cómo funcionan las calificaciones' }).click();
    const rules = passenger.getByRole('dialog', { name: 'Cómo funcionan las calificaciones' });
    await expect(rules.getByText('Podés calificar a tus compañeros de viaje desde 24 horas después de la salida y durante 14 días.')).toBeVisible();
    await rules.getByRole('button', { name: 'Entendido' }).last().click();

    const card = pendingCard(passenger, DEMO.driver.name);
    await expect(card).toContainText('Conductor del viaje a Rosario');
    const pendingWithDriver = passenger.getByTestId('pending-rating').filter({ hasText: DEMO.driver.name });
    const pendingBefore = await pendingWithDriver.count();
    const negative = card.getByRole('button', { name: 'Negativa' });
    const comment = card.getByLabel('Comentario');
    // Nothing to send without a score; a click selects it and opens the comment, a second click deselects.
    await expect(card.getByRole('button', { name: 'Enviar calificación' })).toBeDisabled();
    await negative.click();
    await expect(negative).toHaveAttribute('aria-pressed', 'true');
    await expect(comment).toBeVisible();
    await negative.click();
    await expect(negative).toHaveAttribute('aria-pressed', 'false');
    await expect(comment).toBeHidden();
    await negative.click();
    await card.getByRole('button', { name: 'Enviar calificación' }).click();
    await expect(card.getByRole('alert')).toHaveText('El comentario no puede estar vacío para los votos negativos.');
    await comment.fill(NEGATIVE);
    await card.getByRole('button', { name: 'Enviar calificación' }).click();
    await expect(passenger.getByText('¡Gracias! Tu calificación fue enviada.')).toBeVisible();

    // Lucía donated once after a rated trip (fewer than trips_rated) and is no monthly donor: the modal asks.
    const donation = passenger.getByRole('dialog', { name: 'Ayudanos a sostener carpool' });
    await expect(donation).toBeVisible();
    await expectNoSeriousAxeViolations(passenger, '[role="dialog"]');
    await donation.getByRole('button', { name: 'Donar' }).click();
    // Nothing chosen: the spec's message, in an error toast.
    await expect(passenger.getByRole('alert').filter({ hasText: 'Tienes que seleccionar un valor de donación.' })).toBeVisible();
    await donation.getByText('Todos los meses').click();
    await expect(donation.getByRole('radio', { name: 'Otro monto mensual' })).toBeVisible();
    await donation.getByRole('radio', { name: /5\.000/ }).check();
    // The payment site is outside this machine: answer it locally.
    await passenger.context().route('https://carpoolear.com.ar/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Donar</title>' }));
    const [payment] = await Promise.all([passenger.context().waitForEvent('page'), donation.getByRole('button', { name: 'Donar' }).click()]);
    await payment.waitForLoadState();
    expect(payment.url()).toContain('tipo=mensual&monto=5000');
    await payment.close();
    await expect(donation).toBeHidden();

    // Once per session: back on my trips the reminder stays away. The rated trip has left the list;
    // another trip with the same driver is still to rate.
    await passenger.reload();
    await expect(pendingCard(passenger, DEMO.driver.name)).toBeVisible();
    await expect(pendingWithDriver).toHaveCount(pendingBefore - 1);
    await expect(passenger.getByRole('dialog', { name: 'Tenés viajes por calificar' })).toHaveCount(0);

    // The driver cannot see the rating before rating back.
    const driver = await loggedInPage(browser, DEMO.driver);
    await driver.goto('/app/profile/me?activeTab=ratings');
    await expect(driver.getByTestId('rating-card').first()).toBeVisible();
    await expect(driver.getByText(NEGATIVE)).toHaveCount(0);
    await driver.goto('/app/my-trips');
    const dismiss = driver.getByRole('dialog', { name: 'Tenés viajes por calificar' });
    await expect(dismiss).toBeVisible();
    await dismiss.getByRole('button', { name: 'Más tarde' }).last().click();
    const driverCard = pendingCard(driver, DEMO.passenger.name);
    await expect(driverCard).toContainText('Pasajero del viaje a Rosario');
    await driverCard.getByRole('button', { name: 'Positiva' }).click();
    await driverCard.getByLabel('Comentario').fill('Muy buena compañera de viaje.');
    await driverCard.getByRole('button', { name: 'Enviar calificación' }).click();
    await expect(driver.getByText('¡Gracias! Tu calificación fue enviada.')).toBeVisible();

    // Now both are public: the driver reads it and answers once.
    await driver.goto('/app/profile/me?activeTab=ratings');
    const received = driver.getByTestId('rating-card').filter({ hasText: NEGATIVE });
    await expect(received).toBeVisible();
    // A rating of the driver (the provider's user_to_type 0) reads as coming from a passenger.
    await expect(received).toContainText('Como pasajero, viaje a Rosario');
    await expectNoSeriousAxeViolations(driver, '[role="tabpanel"]');
    await received.getByLabel('Tu respuesta').fill(REPLY);
    await received.getByRole('button', { name: 'Responder' }).click();
    await expect(driver.getByText('Tu respuesta fue publicada.')).toBeVisible();
    await expect(received).toContainText(`Respuesta: ${REPLY}`);
    await expect(received.getByLabel('Tu respuesta')).toHaveCount(0);

    // Both ratings show on the profiles.
    await passenger.goto('/app/profile/me?activeTab=ratings');
    await expect(passenger.getByTestId('rating-card').filter({ hasText: 'Muy buena compañera de viaje.' })).toContainText('Como conductor, viaje a Rosario');
    const driverId = await driver.evaluate(() => JSON.parse(localStorage.getItem('USER') ?? '{}').id as number);
    await passenger.goto(`/app/profile/${driverId}?activeTab=ratings`);
    await expect(passenger.getByTestId('rating-card').filter({ hasText: NEGATIVE })).toContainText(REPLY);
  });

  test('on a phone, a pending rating whose 14 days end while the page is open says so and leaves the list', async ({ browser, request }) => {
    await reset(request);
    // The seeded past trip to Rosario that Lucía still owes the driver (open now).
    const token = await tokenOf(request, DEMO.passenger);
    const answer = await request.get('/api/users/ratings/pending', { headers: { Authorization: `Bearer ${token}` } });
    const owed = ((await answer.json()) as { data: { to: { name: string }; trip: { to_town: string; trip_date: string } }[] }).data;
    const row = owed.find((candidate) => candidate.to.name === DEMO.driver.name && candidate.trip.to_town.includes('Rosario'));
    expect(row, 'the seeded pending rating of the driver').toBeTruthy();
    // Its window closes 24 h + 14 days after the start (Argentina time, UTC−3).
    const closes = new Date(`${row!.trip.trip_date.replace(' ', 'T')}-03:00`).getTime() + 24 * 3_600_000 + 14 * 24 * 3_600_000;
    const setClock = async (ms: number) => expect((await request.post('/__mock/clock', { data: { now: new Date(ms).toISOString(), frozen: true } })).ok()).toBe(true);
    await setClock(closes - 5 * 60_000);

    const passenger = await loggedInPage(browser, DEMO.passenger, { width: 390, height: 844 });
    await passenger.goto('/app/my-trips');
    const reminder = passenger.getByRole('dialog', { name: 'Tenés viajes por calificar' });
    await expect(reminder).toBeVisible();
    await reminder.getByRole('button', { name: 'Calificar ahora' }).click();
    // By now the driver's next trip to Rosario is owed too: the card of this one is the one of its day.
    const [, month, day] = row!.trip.trip_date.slice(0, 10).split('-').map(Number);
    const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
    const dayText = `${day} de ${MONTHS[month! - 1]}`;
    const card = passenger.getByTestId('pending-rating').filter({ hasText: DEMO.driver.name }).filter({ hasText: dayText });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('Conductor del viaje a Rosario');

    // The server's clock passes the end of the window before she sends her vote.
    await setClock(closes + 60_000);
    await card.getByRole('button', { name: 'Positiva' }).click();
    await card.getByRole('button', { name: 'Enviar calificación' }).click();
    await expect(passenger.getByText('Esta calificación ya no está pendiente: ya la enviaste o terminó el plazo para calificar.')).toBeVisible();
    await expect(card).toHaveCount(0);
    await expect(passenger.getByText('¡Gracias! Tu calificación fue enviada.')).toHaveCount(0);
    // The next trip's card stays: only the stale one left.
    await expect(pendingCard(passenger, DEMO.driver.name)).toBeVisible();
    await passenger.context().close();
    expect((await request.post('/__mock/clock', { data: { now: null } })).ok()).toBe(true);
  });

  test('a stranger writes a reference once; the tab passes axe on a phone', async ({ browser }) => {
    const admin = await loggedInPage(browser, DEMO.admin, { width: 375, height: 812 });
    const driverToken = await admin.evaluate(async () => {
      const answer = await fetch('/api/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'conductor@carpool.ar', password: 'carpool123' }) });
      return ((await answer.json()) as { token: string }).token;
    });
    const driverId = await admin.evaluate(async (token) => {
      const answer = await fetch('/api/users/me', { headers: { Authorization: `Bearer ${token}` } });
      return ((await answer.json()) as { data: { id: number } }).data.id;
    }, driverToken);
    await admin.goto(`/app/profile/${driverId}?activeTab=ratings`);
    const form = admin.getByRole('heading', { name: 'Escribí una referencia' });
    await expect(form).toBeVisible();
    await expectNoSeriousAxeViolations(admin, '[role="tabpanel"]');
    await admin.getByLabel(`Tu referencia sobre ${DEMO.driver.name}`).fill(REFERENCE);
    await admin.getByRole('button', { name: 'Enviar referencia' }).click();
    await expect(admin.getByText('La referencia fue guardada.')).toBeVisible();
    await expect(admin.getByTestId('reference-card').filter({ hasText: REFERENCE })).toBeVisible();
    await expect(form).toHaveCount(0);
    await admin.reload();
    await expect(admin.getByTestId('reference-card').filter({ hasText: REFERENCE })).toBeVisible();
    await expect(admin.getByRole('heading', { name: 'Escribí una referencia' })).toHaveCount(0);
  });
});
