import { endpoints } from '@carpool/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { addRequest, api, decide, makeTrip, makeUser, notificationsOf, request, type TestUser } from '../../test/booking';
import { build, expectContract } from '../../test/helper';
import { TEST_SEED } from '../../test/seed-options';
import { escapeHtml, formatArs } from './transbank';

const form = (body: Record<string, string | number>) => ({
  payload: new URLSearchParams(Object.entries(body).map(([k, v]): [string, string] => [k, String(v)])).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

let app: FastifyInstance;
let driver: TestUser;

/** Opens `who`'s payment session as the app's /app/pay does (bearer token in, cookie out). */
async function sessionOf(who: TestUser): Promise<string> {
  const opened = await app.inject({ method: 'POST', url: '/transbank/session', headers: who.headers });
  expect(opened.statusCode, opened.body).toBe(204);
  const cookie = String(opened.headers['set-cookie']);
  expect(cookie).toMatch(/; Path=\/transbank; Max-Age=900; HttpOnly; SameSite=Strict/);
  return cookie.split(';')[0]!;
}

/** A payment page call with a payment session cookie. */
const inject = (cookie: string, options: { method: 'GET' | 'POST'; url: string; payload?: string; headers?: Record<string, string> }) =>
  app.inject({ ...options, headers: { ...options.headers, cookie } });

beforeAll(async () => {
  app = await build();
  app.country.config.module_trip_seats_payment = true;
  driver = await makeUser(app, { name: 'Dolores <b>Driver</b> & "Cía"' });
});

/**
 * `who`'s transactions once `trip` has left: the provider lists departed trips only
 * (PassengersRepository::tripsWithTransactions). The clock goes back to the seed's now afterwards.
 */
async function transactionsAfterDeparture(who: TestUser, trip: { trip_date: Date }) {
  app.clock.travelTo(new Date(trip.trip_date.getTime() + 60_000));
  try {
    return expectContract(endpoints.requests.transactions, await api(app, who, 'GET', '/api/trips/transactions'));
  } finally {
    app.clock.travelTo(TEST_SEED.now);
  }
}

/** A passenger accepted on a new trip with seat payment on: the request waits for payment (4). */
async function awaitingPayment(price = 1_500_000) {
  const passenger = await makeUser(app, { name: "Pía O'Brien <script>alert(1)</script>" });
  const trip = await makeTrip(app, driver.user.id, { price, seats: 2 });
  await request(app, passenger, trip.id);
  const accepted = (await decide(app, driver, trip.id, passenger.user.id, 'accept')).json().data;
  expect(accepted.request_state).toBe(4);
  return { passenger, trip, tpId: accepted.id as number, cookie: await sessionOf(passenger) };
}

describe('formatting', () => {
  it('writes cents as Argentine pesos', () => {
    expect(formatArs(1_500_000)).toBe('$ 15.000');
    expect(formatArs(123_456_789)).toBe('$ 1.234.567,89');
    expect(formatArs(50)).toBe('$ 0,50');
    expect(formatArs(0)).toBe('$ 0');
  });

  it('escapes every HTML special character', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

describe('GET /transbank (seat payment page)', () => {
  it('shows the trip, the people and the price, with escaped names and the two actions', async () => {
    const { trip, tpId, cookie } = await awaitingPayment(1_234_550);
    const page = await inject(cookie, { method: 'GET', url: `/transbank?tp_id=${tpId}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html; charset=utf-8/);
    // Its own stricter CSP replaces the app's (plugins/security-headers.ts) on this page.
    expect(page.headers['content-security-policy']).toMatch(/^default-src 'none'; style-src 'unsafe-inline'; form-action 'self'/);
    expect(page.body).toContain('<html lang="es">');
    // name_app capitalised as everywhere else (the payment page said 'carpool').
    expect(page.body).toContain('<header>Carpool<span>');
    expect(page.body).not.toMatch(/\bcarpool\b(?!\.)/);
    expect(page.body).toContain(`${trip.from_town} → ${trip.to_town}`);
    expect(page.body).toContain('$ 12.345,50');
    expect(page.body).toContain('Dolores &lt;b&gt;Driver&lt;/b&gt; &amp; &quot;Cía&quot;');
    expect(page.body).toContain('Pía O&#39;Brien &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.body).not.toContain('<script>');
    expect(page.body).toContain('action="/transbank/pay"');
    expect(page.body).toContain('action="/transbank/fail"');
    expect(page.body).toContain(`name="tp_id" value="${tpId}"`);
    expect(page.body).toContain('Pagar');
    expect(page.body).toContain('Simular pago rechazado');
  });

  it('pays: request 4 → 1 with payment_status ok and the masked card, a transaction, the driver told', async () => {
    const { passenger, trip, tpId, cookie } = await awaitingPayment();
    const paid = await inject(cookie, { method: 'POST', url: '/transbank/pay', ...form({ tp_id: tpId }) });
    expect(paid.statusCode, paid.body).toBe(303);
    expect(paid.headers.location).toBe('/app/my-trips?payment=ok');

    const row = await app.db.passenger.findUniqueOrThrow({ where: { id: tpId } });
    expect(row.request_state).toBe(1);
    expect(row.payment_status).toBe('ok');
    expect(JSON.parse(row.payment_info!)).toEqual({ cardDetail: { cardNumber: 'XXXX-XXXX-XXXX-4242' } });
    expect(await app.db.payment.findFirstOrThrow({ where: { passenger_id: tpId } })).toMatchObject({ payment_status: 'ok', amount_cents: 1_500_000 });
    // The seat was already held in state 4: paying does not take another one.
    expect((await app.db.trip.findUniqueOrThrow({ where: { id: trip.id } })).seats_available).toBe(1);

    // Not before the trip leaves.
    const beforeDeparture = expectContract(endpoints.requests.transactions, await api(app, passenger, 'GET', '/api/trips/transactions'));
    expect(beforeDeparture.find((transaction) => transaction.passenger_id === tpId)).toBeUndefined();
    for (const who of [passenger, driver]) {
      const list = await transactionsAfterDeparture(who, trip);
      const entry = list.find((transaction) => transaction.passenger_id === tpId);
      expect(entry).toMatchObject({
        user_id: passenger.user.id,
        payment_status: 'ok',
        payment_info: { cardDetail: { cardNumber: 'XXXX-XXXX-XXXX-4242' } },
        amount_cents: 1_500_000,
        trip: { id: trip.id, to_town: trip.to_town, seat_price_cents: 1_500_000, user: { id: driver.user.id } },
      });
      // The provider's raw models: ISO 8601 dates in UTC.
      expect(entry?.trip.trip_date).toBe(trip.trip_date.toISOString().replace('Z', '000Z'));
      expect(entry?.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
    }
    const [note] = (await notificationsOf(app, driver.user.id)).slice(-1);
    expect(note?.text).toBe(`${passenger.user.name} pagó su asiento en tu viaje a ${trip.to_town}.`);

    // Paid already: the page and a second payment answer in Spanish with 422.
    const again = await inject(cookie, { method: 'POST', url: '/transbank/pay', ...form({ tp_id: tpId }) });
    expect(again.statusCode).toBe(422);
    expect(again.body).toContain('Este asiento ya está pago.');
    expect((await inject(cookie, { method: 'GET', url: `/transbank?tp_id=${tpId}` })).statusCode).toBe(422);
    expect(expectContract(endpoints.requests.paymentPending, await api(app, passenger, 'GET', '/api/users/payment-pending')).data).toEqual([]);
  });

  it('fails: the request stays payable (4), the payment failed, and paying later still works', async () => {
    const { passenger, trip, tpId, cookie } = await awaitingPayment();
    const failed = await inject(cookie, { method: 'POST', url: '/transbank/fail', ...form({ tp_id: tpId }) });
    expect(failed.statusCode, failed.body).toBe(303);
    expect(failed.headers.location).toBe('/app/my-trips?payment=failed');
    expect(await app.db.passenger.findUniqueOrThrow({ where: { id: tpId } })).toMatchObject({ request_state: 4, payment_status: 'failed' });
    expect(await app.db.payment.findFirstOrThrow({ where: { passenger_id: tpId } })).toMatchObject({ payment_status: 'failed' });

    const pending = expectContract(endpoints.requests.paymentPending, await api(app, passenger, 'GET', '/api/users/payment-pending')).data;
    expect(pending.map((r) => r.id)).toContain(tpId);
    const list = await transactionsAfterDeparture(passenger, trip);
    expect(list.find((transaction) => transaction.passenger_id === tpId)).toMatchObject({ payment_status: 'failed', payment_info: null });

    const page = await inject(cookie, { method: 'GET', url: `/transbank?tp_id=${tpId}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('El intento anterior fue rechazado');

    // The same payment row is retried, and the query string works as well as the form.
    expect((await inject(cookie, { method: 'POST', url: `/transbank/pay?tp_id=${tpId}` })).statusCode).toBe(303);
    expect(await app.db.payment.findMany({ where: { passenger_id: tpId } })).toMatchObject([{ payment_status: 'ok' }]);
  });

  it('pays a seeded request waiting for payment that has no payment row yet', async () => {
    const passenger = await makeUser(app);
    const trip = await makeTrip(app, driver.user.id, { price: 900_000 });
    const seeded = await addRequest(app, trip, passenger.user.id, 4);
    const cookie = await sessionOf(passenger);
    expect((await inject(cookie, { method: 'GET', url: `/transbank?tp_id=${seeded.id}` })).body).toContain('$ 9.000');
    expect((await inject(cookie, { method: 'POST', url: '/transbank/pay', ...form({ tp_id: seeded.id }) })).statusCode).toBe(303);
    expect(await app.db.payment.findFirstOrThrow({ where: { passenger_id: seeded.id } })).toMatchObject({ payment_status: 'ok', amount_cents: 900_000 });
  });

  it('answers a Spanish error page for ids that are not a payable request', async () => {
    const pendingUser = await makeUser(app);
    const trip = await makeTrip(app, driver.user.id);
    const pending = await addRequest(app, trip, pendingUser.user.id, 0);
    const cookie = await sessionOf(pendingUser);
    const cases: [string, number, string][] = [
      ['/transbank', 422, 'El enlace de pago no es válido.'],
      ['/transbank?tp_id=abc', 422, 'El enlace de pago no es válido.'],
      ['/transbank?tp_id=0', 422, 'El enlace de pago no es válido.'],
      ['/transbank?tp_id=999999999', 404, 'No encontramos este pedido de asiento.'],
      [`/transbank?tp_id=${pending.id}`, 422, 'no tiene un pago pendiente'],
    ];
    for (const [url, status, text] of cases) {
      const page = await inject(cookie, { method: 'GET', url });
      expect(page.statusCode, url).toBe(status);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain(text);
    }
    for (const action of ['pay', 'fail']) {
      const response = await inject(cookie, { method: 'POST', url: `/transbank/${action}`, ...form({ tp_id: pending.id }) });
      expect(response.statusCode).toBe(422);
      expect(response.body).toContain('no tiene un pago pendiente');
    }
    expect(await app.db.passenger.findUniqueOrThrow({ where: { id: pending.id } })).toMatchObject({ request_state: 0 });
  });

  it('refuses to charge a seat on a trip that has left', async () => {
    const passenger = await makeUser(app);
    const trip = await makeTrip(app, driver.user.id, { date: new Date(app.clock.now().getTime() - 3_600_000) });
    const seeded = await addRequest(app, trip, passenger.user.id, 4);
    const response = await inject(await sessionOf(passenger), { method: 'POST', url: '/transbank/pay', ...form({ tp_id: seeded.id }) });
    expect(response.statusCode).toBe(422);
    expect(response.body).toContain('El viaje ya salió');
  });
});

describe('GET /transbank/sellado (creation fee page)', () => {
  it('pays the fee of a trip awaiting payment, which then becomes visible; a refusal leaves it payable', async () => {
    const stranger = await makeUser(app);
    const trip = await makeTrip(app, driver.user.id, { state: 'awaiting_payment' });
    expect((await request(app, stranger, trip.id)).statusCode).toBe(422);
    const cookie = await sessionOf(driver);

    const page = await inject(cookie, { method: 'GET', url: `/transbank/sellado?trip_id=${trip.id}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain('Sellado del viaje');
    expect(page.body).toContain('$ 1.500'); // module_trip_creation_payment_amount_cents 150000
    expect(page.body).toContain('action="/transbank/sellado/pay"');

    const failed = await inject(cookie, { method: 'POST', url: '/transbank/sellado/fail', ...form({ trip_id: trip.id }) });
    expect(failed.statusCode).toBe(303);
    expect(failed.headers.location).toBe(`/app/trips/${trip.id}`);
    expect((await app.db.trip.findUniqueOrThrow({ where: { id: trip.id } })).state).toBe('payment_failed');
    expect((await inject(cookie, { method: 'GET', url: `/transbank/sellado?trip_id=${trip.id}` })).body).toContain('El intento anterior fue rechazado');

    const paid = await inject(cookie, { method: 'POST', url: '/transbank/sellado/pay', ...form({ trip_id: trip.id }) });
    expect(paid.statusCode).toBe(303);
    expect((await app.db.trip.findUniqueOrThrow({ where: { id: trip.id } })).state).toBe('paid');
    expect(await app.db.payment.findMany({ where: { kind: 'sellado', trip_id: trip.id } })).toMatchObject([
      { payment_status: 'ok', amount_cents: 150_000, user_id: driver.user.id },
    ]);
    expect((await request(app, stranger, trip.id)).statusCode).toBe(200);

    const again = await inject(cookie, { method: 'GET', url: `/transbank/sellado?trip_id=${trip.id}` });
    expect(again.statusCode).toBe(422);
    expect(again.body).toContain('no tiene el sellado pendiente');
    expect((await inject(cookie, { method: 'GET', url: '/transbank/sellado?trip_id=999999999' })).statusCode).toBe(404);
    expect((await inject(cookie, { method: 'GET', url: '/transbank/sellado?trip_id=x' })).statusCode).toBe(422);
  });
});

describe('who may pay (issue 10, finding 5)', () => {
  it("sends a browser without a payment session to the app to open one, and back; the session needs the app's token", async () => {
    const { tpId, passenger } = await awaitingPayment();
    for (const [method, url] of [['GET', `/transbank?tp_id=${tpId}`], ['POST', `/transbank/pay?tp_id=${tpId}`], ['POST', `/transbank/fail?tp_id=${tpId}`]] as const) {
      const answer = await app.inject({ method, url });
      expect(answer.statusCode, url).toBe(303);
      expect(answer.headers.location).toBe(`/app/pay?tp_id=${tpId}`);
      expect(answer.body).not.toContain(passenger.user.name);
    }
    const trip = await makeTrip(app, driver.user.id, { state: 'awaiting_payment' });
    expect((await app.inject({ method: 'GET', url: `/transbank/sellado?trip_id=${trip.id}` })).headers.location).toBe(`/app/pay?trip_id=${trip.id}`);
    expect(await app.db.passenger.findUniqueOrThrow({ where: { id: tpId } })).toMatchObject({ request_state: 4 });

    expect((await app.inject({ method: 'POST', url: '/transbank/session' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/transbank/session', headers: { authorization: 'Bearer forged' } })).statusCode).toBeGreaterThanOrEqual(400);
  });

  it("refuses everyone but the passenger who owes the seat, and everyone but the owner for a trip's fee, without showing them", async () => {
    const { tpId, passenger } = await awaitingPayment();
    const stranger = await makeUser(app);
    const strangerCookie = await sessionOf(stranger);
    for (const [method, url] of [['GET', `/transbank?tp_id=${tpId}`], ['POST', `/transbank/pay?tp_id=${tpId}`], ['POST', `/transbank/fail?tp_id=${tpId}`]] as const) {
      const answer = await inject(strangerCookie, { method, url });
      expect(answer.statusCode, url).toBe(403);
      expect(answer.body).toContain('Este pago es de otra persona');
      expect(answer.body).not.toContain(passenger.user.name);
    }
    // The driver of the trip may not pay the passenger's seat either.
    expect((await inject(await sessionOf(driver), { method: 'POST', url: `/transbank/pay?tp_id=${tpId}` })).statusCode).toBe(403);
    expect(await app.db.passenger.findUniqueOrThrow({ where: { id: tpId } })).toMatchObject({ request_state: 4 });

    const trip = await makeTrip(app, driver.user.id, { state: 'awaiting_payment' });
    expect((await inject(strangerCookie, { method: 'POST', url: `/transbank/sellado/pay?trip_id=${trip.id}` })).statusCode).toBe(403);
    expect((await app.db.trip.findUniqueOrThrow({ where: { id: trip.id } })).state).toBe('awaiting_payment');
  });

  it('refuses a forged or expired session', async () => {
    const { tpId, passenger } = await awaitingPayment();
    const cookie = await sessionOf(passenger);
    const [name, value] = cookie.split('=') as [string, string];
    const [, expires, signature] = value.split('.');
    // Another user's id under the passenger's signature.
    const forged = `${name}=${driver.user.id}.${expires}.${signature}`;
    expect((await inject(forged, { method: 'GET', url: `/transbank?tp_id=${tpId}` })).statusCode).toBe(303);
    // Fifteen minutes later on the server clock the session is gone.
    const moved = await app.inject({ method: 'POST', url: '/__mock/clock', payload: { now: new Date(app.clock.now().getTime() + 16 * 60_000).toISOString(), frozen: false } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await inject(cookie, { method: 'GET', url: `/transbank?tp_id=${tpId}` })).statusCode).toBe(303);
    await app.inject({ method: 'POST', url: '/__mock/clock', payload: { now: null, frozen: false } });
  });
});
