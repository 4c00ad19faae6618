import { REQUEST_STATES, endpoints } from '@carpool/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  PLACES,
  addRequest,
  api,
  decide,
  expectError,
  inHours,
  makeTrip,
  makeUser,
  notificationsOf,
  request,
  seatsOf,
  type TestUser,
} from '../../test/booking';
import { DEMO, build, expectContract, login, bearer } from '../../test/helper';

const codeOf422 = (response: { statusCode: number; json: () => { errors?: { error?: unknown } } }) => {
  expect(response.statusCode).toBe(422);
  return response.json().errors?.error;
};

let app: FastifyInstance;
let driver: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  app = await build();
  driver = await makeUser(app, { name: 'Martina Conductora' });
  stranger = await makeUser(app, { name: 'Esteban Extraño' });
});

describe('authentication and input', () => {
  it('answers 401 to guests on every booking call', async () => {
    const calls: ['GET' | 'POST' | 'DELETE', string][] = [
      ['POST', '/api/trips/1/requests'],
      ['GET', '/api/trips/1/requests'],
      ['GET', '/api/users/requests'],
      ['GET', '/api/users/payment-pending'],
      ['POST', '/api/trips/1/requests/2/accept'],
      ['POST', '/api/trips/1/requests/2/reject'],
      ['POST', '/api/trips/1/requests/2/cancel'],
      ['GET', '/api/trips/1/passengers'],
      ['GET', '/api/trips/transactions'],
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/count'],
      ['DELETE', '/api/notifications/1'],
    ];
    for (const [method, url] of calls) {
      const response = await api(app, null, method, url);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(401);
    }
  });

  it('refuses ids that are not positive integers with 422 field errors, never 500', async () => {
    const bad = ['abc', '0', '-1', '1.5', '1e3', '99999999999999999999', '2147483648'];
    for (const id of bad) {
      for (const [method, url] of [
        ['POST', `/api/trips/${id}/requests`],
        ['GET', `/api/trips/${id}/requests`],
        ['POST', `/api/trips/${id}/requests/1/accept`],
        ['POST', `/api/trips/1/requests/${id}/reject`],
        ['POST', `/api/trips/1/requests/${id}/cancel`],
        ['GET', `/api/trips/${id}/passengers`],
        ['DELETE', `/api/notifications/${id}`],
      ] as const) {
        const response = await api(app, stranger, method, url);
        expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(422);
        // Field errors: the id field named, with at least one message.
        expect(Object.values(response.json().errors as Record<string, unknown>).flat()).toContainEqual(expect.any(String));
      }
    }
  });

  it('answers trip_not_foound for a trip that does not exist or was deleted', async () => {
    const deleted = await makeTrip(app, driver.user.id, { deleted: true });
    for (const id of [2_000_000_000, deleted.id]) {
      expectError(await request(app, stranger, id), 422, 'trip_not_foound');
      expectError(await decide(app, driver, id, stranger.user.id, 'accept'), 422, 'trip_not_foound');
      expectError(await decide(app, stranger, id, stranger.user.id, 'cancel'), 422, 'trip_not_foound');
      expectError(await api(app, driver, 'GET', `/api/trips/${id}/requests`), 422, 'trip_not_foound');
      expectError(await api(app, driver, 'GET', `/api/trips/${id}/passengers`), 422, 'trip_not_foound');
    }
  });
});

describe('POST /api/trips/:id/requests', () => {
  it('sends a request (state 0), notifies the driver, and ignores a duplicate', async () => {
    const passenger = await makeUser(app, { name: 'Paula Pasajera' });
    const trip = await makeTrip(app, driver.user.id);
    const first = await request(app, passenger, trip.id);
    expect(first.statusCode, first.body).toBe(200);
    const sent = expectContract(endpoints.requests.create, first).data;
    expect(sent).toMatchObject({ trip_id: trip.id, user_id: passenger.user.id, request_state: 0, user: { id: passenger.user.id, name: 'Paula Pasajera' } });

    const again = expectContract(endpoints.requests.create, await request(app, passenger, trip.id)).data;
    expect(again.id).toBe(sent.id);
    expect(await seatsOf(app, trip.id)).toMatchObject({ pending: 1, available: 3, active: 0 });

    const notes = (await notificationsOf(app, driver.user.id)).filter((n) => JSON.parse(n.extras).trip_id === trip.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ type: 'trip', text: `Paula Pasajera quiere subirse a tu viaje a ${PLACES.destination.name}.`, readed: false });
    expect(JSON.parse(notes[0]!.extras)).toEqual({ trip_id: trip.id, user_id: passenger.user.id });
  });

  it('lets a rejected or cancelled passenger ask again, with a new request', async () => {
    const passenger = await makeUser(app);
    const trip = await makeTrip(app, driver.user.id);
    const old = await addRequest(app, trip, passenger.user.id, 2);
    const response = await request(app, passenger, trip.id);
    expect(response.statusCode, response.body).toBe(200);
    const fresh = response.json().data;
    expect(fresh.id).not.toBe(old.id);
    expect(fresh.request_state).toBe(0);
  });

  it('refuses the own trip, an expired trip and a passenger-seeking trip with access_denied', async () => {
    const own = await makeTrip(app, driver.user.id);
    expectError(await request(app, driver, own.id), 422, 'access_denied');
    const past = await makeTrip(app, driver.user.id, { date: inHours(-1) });
    expectError(await request(app, stranger, past.id), 422, 'access_denied');
    const seeking = await makeTrip(app, driver.user.id, { isPassenger: true });
    expectError(await request(app, stranger, seeking.id), 422, 'access_denied');
    expect(await app.db.passenger.count({ where: { trip_id: { in: [own.id, past.id, seeking.id] } } })).toBe(0);
  });

  it('answers trip_not_foound for trips the caller may not see: hidden, friends only, unpaid', async () => {
    const friend = await makeUser(app);
    await app.db.friend.createMany({
      data: [
        { uid1: driver.user.id, uid2: friend.user.id, state: 1 },
        { uid1: friend.user.id, uid2: driver.user.id, state: 1 },
      ],
    });
    const friendsOnly = await makeTrip(app, driver.user.id, { friendship: 0 });
    for (const trip of [
      await makeTrip(app, driver.user.id, { hidden: true }),
      friendsOnly,
      await makeTrip(app, driver.user.id, { state: 'awaiting_payment' }),
      await makeTrip(app, driver.user.id, { state: 'payment_failed' }),
    ]) {
      expectError(await request(app, stranger, trip.id), 422, 'trip_not_foound');
    }
    // The driver's friend may ask for a seat on the friends-only trip.
    expect((await request(app, friend, friendsOnly.id)).statusCode).toBe(200);
  });

  it('sees a cancelled trip as any other, alike on the trip page, in the search and on a seat request', async () => {
    const to = { name: 'Destino del viaje cancelado', lat: -49.5, lng: -56.5 };
    const cancelled = await makeTrip(app, driver.user.id, { state: 'canceled', to });
    const page = await api(app, stranger, 'GET', `/api/trips/${cancelled.id}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(expectContract(endpoints.trips.show, page).data).toMatchObject({ id: cancelled.id, state: 'canceled' });
    const query = new URLSearchParams({
      origin_lat: String(PLACES.origin.lat),
      origin_lng: String(PLACES.origin.lng),
      destination_lat: String(to.lat),
      destination_lng: String(to.lng),
    });
    const search = await api(app, stranger, 'GET', `/api/trips?${query}`);
    expect(expectContract(endpoints.trips.search, search).data.map((trip) => trip.id)).toContain(cancelled.id);
    const asked = await request(app, stranger, cancelled.id);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(expectContract(endpoints.requests.create, asked).data).toMatchObject({ trip_id: cancelled.id, request_state: REQUEST_STATES.pending });

    // Cancelled and for friends only: a stranger gets trip_not_foound from the page and the request alike.
    const hidden = await makeTrip(app, driver.user.id, { state: 'canceled', friendship: 0 });
    expectError(await api(app, stranger, 'GET', `/api/trips/${hidden.id}`), 422, 'trip_not_foound');
    expectError(await request(app, stranger, hidden.id), 422, 'trip_not_foound');
  });

  it("keeps pending requests plus unanswered chats below the driver's limit (errors.error as a list)", async () => {
    const limited = await makeUser(app, { unaswered_messages_limit: 2 });
    const trip = await makeTrip(app, limited.user.id);
    const [a, b, c] = [await makeUser(app), await makeUser(app), await makeUser(app)];
    expect((await request(app, a, trip.id)).statusCode).toBe(200);
    // b opened a private chat about the trip that the driver has not answered: 1 + 1 = the limit.
    const chat = await app.db.conversation.create({
      data: { type: 0, trip_id: trip.id, users: { create: [{ user_id: b.user.id }, { user_id: limited.user.id }] } },
    });
    await app.db.message.create({ data: { conversation_id: chat.id, user_id: b.user.id, text: '¿Hay lugar?' } });

    const refused = await request(app, c, trip.id);
    expect(refused.statusCode, refused.body).toBe(422);
    // The refusal is the contract's 422 answer (expectContract fails the test otherwise), with its code.
    expect(expectContract(endpoints.requests.create, refused)).toEqual({ message: expect.any(String), errors: { error: ['user_has_reach_request_limit'] } });

    // Once the driver answers the chat there is room for one more.
    await app.db.message.create({ data: { conversation_id: chat.id, user_id: limited.user.id, text: 'Sí, hay lugar.' } });
    expect((await request(app, c, trip.id)).statusCode).toBe(200);
    expect(codeOf422(await request(app, b, trip.id))).toEqual(['user_has_reach_request_limit']);

    // A limit of 0 means no limit.
    const unlimited = await makeTrip(app, driver.user.id);
    for (const who of [a, b, c]) expect((await request(app, who, unlimited.id)).statusCode).toBe(200);
  });

  it('refuses a passenger already aboard another trip to the same destination within ±2 h', async () => {
    const passenger = await makeUser(app);
    const other = await makeUser(app);
    const aboard = await makeTrip(app, other.user.id, { date: inHours(100) });
    await addRequest(app, aboard, passenger.user.id, 1);

    const close = await makeTrip(app, driver.user.id, { date: inHours(101.5) });
    expectError(await request(app, passenger, close.id), 422, 'user_has_another_similar_trip');
    const closeBefore = await makeTrip(app, driver.user.id, { date: inHours(98) });
    expectError(await request(app, passenger, closeBefore.id), 422, 'user_has_another_similar_trip');

    // Waiting for payment counts as aboard too.
    const paying = await makeUser(app);
    await addRequest(app, aboard, paying.user.id, 4);
    expectError(await request(app, paying, close.id), 422, 'user_has_another_similar_trip');

    // Another destination, or more than 2 h apart, is fine.
    const elsewhere = await makeTrip(app, driver.user.id, { date: inHours(100), to: PLACES.elsewhere });
    expect((await request(app, passenger, elsewhere.id)).statusCode).toBe(200);
    const later = await makeTrip(app, driver.user.id, { date: inHours(102.5) });
    expect((await request(app, passenger, later.id)).statusCode).toBe(200);
  });
});

describe('accept and reject', () => {
  it('accepts a pending request: state 1, one seat fewer, the passenger notified', async () => {
    const passenger = await makeUser(app, { name: 'Ana Aceptada' });
    const trip = await makeTrip(app, driver.user.id, { seats: 2 });
    await request(app, passenger, trip.id);
    const response = await decide(app, driver, trip.id, passenger.user.id, 'accept');
    expect(response.statusCode, response.body).toBe(200);
    expect(expectContract(endpoints.requests.accept, response).data).toMatchObject({ user_id: passenger.user.id, request_state: 1 });
    expect(await seatsOf(app, trip.id)).toMatchObject({ available: 1, accepted: 1, pending: 0 });

    const [note] = (await notificationsOf(app, passenger.user.id)).slice(-1);
    expect(note).toMatchObject({ type: 'trip', text: `Martina Conductora aceptó tu solicitud para el viaje a ${PLACES.destination.name}.` });
    expect(JSON.parse(note!.extras)).toMatchObject({ trip_id: trip.id, user_id: driver.user.id });

    // Accepting again: no longer pending.
    expectError(await decide(app, driver, trip.id, passenger.user.id, 'accept'), 422, 'not_valid_request');
  });

  it("cancels the passenger's other pending requests to the same destination within ±2 h, and tells those drivers", async () => {
    const passenger = await makeUser(app, { name: 'Sofía Similar' });
    const otherDriver = await makeUser(app);
    const trip = await makeTrip(app, driver.user.id, { date: inHours(200) });
    const similar = await makeTrip(app, otherDriver.user.id, { date: inHours(201) });
    const farInTime = await makeTrip(app, otherDriver.user.id, { date: inHours(203) });
    const elsewhere = await makeTrip(app, otherDriver.user.id, { date: inHours(200), to: PLACES.elsewhere });
    for (const t of [trip, similar, farInTime, elsewhere]) expect((await request(app, passenger, t.id)).statusCode).toBe(200);

    expect((await decide(app, driver, trip.id, passenger.user.id, 'accept')).statusCode).toBe(200);
    expect(await seatsOf(app, similar.id)).toMatchObject({ pending: 0, cancelled: 1 });
    expect(await seatsOf(app, farInTime.id)).toMatchObject({ pending: 1 });
    expect(await seatsOf(app, elsewhere.id)).toMatchObject({ pending: 1 });
    const told = (await notificationsOf(app, otherDriver.user.id)).filter((n) => JSON.parse(n.extras).trip_id === similar.id);
    expect(told.map((n) => n.text)).toContain(`Sofía Similar retiró su solicitud para tu viaje a ${PLACES.destination.name}.`);
  });

  it('answers not_seat_available when the trip is full, and keeps the request pending', async () => {
    const trip = await makeTrip(app, driver.user.id, { seats: 1 });
    const [a, b] = [await makeUser(app), await makeUser(app)];
    await request(app, a, trip.id);
    await request(app, b, trip.id);
    expect((await decide(app, driver, trip.id, a.user.id, 'accept')).statusCode).toBe(200);
    expectError(await decide(app, driver, trip.id, b.user.id, 'accept'), 422, 'not_seat_available');
    expect(await seatsOf(app, trip.id)).toMatchObject({ available: 0, accepted: 1, pending: 1 });
  });

  it('never boards more passengers than seats, even when the seat counter was written wrong elsewhere', async () => {
    const trip = await makeTrip(app, driver.user.id, { seats: 1 });
    const [aboard, waiting] = [await makeUser(app), await makeUser(app)];
    await addRequest(app, trip, aboard.user.id, 1);
    await addRequest(app, trip, waiting.user.id, 0);
    // A stale write (e.g. a seat change racing an accept) left a free seat that does not exist.
    await app.db.trip.update({ where: { id: trip.id }, data: { seats_available: 1 } });
    expectError(await decide(app, driver, trip.id, waiting.user.id, 'accept'), 422, 'not_seat_available');
    expect(await seatsOf(app, trip.id)).toMatchObject({ active: 1, pending: 1 });
    // Giving a seat back rewrites the counter from the passengers aboard.
    expect((await decide(app, aboard, trip.id, aboard.user.id, 'cancel')).statusCode).toBe(200);
    expect(await seatsOf(app, trip.id)).toMatchObject({ available: 1, active: 0 });
    expect((await decide(app, driver, trip.id, waiting.user.id, 'accept')).statusCode).toBe(200);
    expect(await seatsOf(app, trip.id)).toMatchObject({ available: 0, active: 1 });
  });

  it('lets only the owner decide, and only on a pending request', async () => {
    const passenger = await makeUser(app);
    const trip = await makeTrip(app, driver.user.id);
    await request(app, passenger, trip.id);
    for (const action of ['accept', 'reject'] as const) {
      expectError(await decide(app, stranger, trip.id, passenger.user.id, action), 422, 'not_valid_request');
      expectError(await decide(app, passenger, trip.id, passenger.user.id, action), 422, 'not_valid_request');
      expectError(await decide(app, driver, trip.id, stranger.user.id, action), 422, 'not_valid_request');
    }
    expect(await seatsOf(app, trip.id)).toMatchObject({ pending: 1, available: 3 });
  });

  it('refuses to accept on a trip that has left (trip_expired)', async () => {
    const passenger = await makeUser(app);
    const trip = await makeTrip(app, driver.user.id, { date: inHours(-2) });
    await addRequest(app, trip, passenger.user.id, 0);
    expectError(await decide(app, driver, trip.id, passenger.user.id, 'accept'), 422, 'trip_expired');
  });

  it('rejects a pending request: state 2, no seat change, the passenger notified', async () => {
    const passenger = await makeUser(app);
    const trip = await makeTrip(app, driver.user.id);
    await request(app, passenger, trip.id);
    const response = await decide(app, driver, trip.id, passenger.user.id, 'reject');
    expect(expectContract(endpoints.requests.reject, response).data.request_state).toBe(2);
    expect(await seatsOf(app, trip.id)).toMatchObject({ available: 3, rejected: 1, pending: 0 });
    const [note] = (await notificationsOf(app, passenger.user.id)).slice(-1);
    expect(note?.text).toBe(`Martina Conductora rechazó tu solicitud para el viaje a ${PLACES.destination.name}.`);
    expectError(await decide(app, driver, trip.id, passenger.user.id, 'reject'), 422, 'not_valid_request');
  });
});

describe('cancel: withdraw, leave, remove', () => {
  it('withdraws a pending request (state 3, no seat change) and tells the driver', async () => {
    const passenger = await makeUser(app, { name: 'Rita Retira' });
    const trip = await makeTrip(app, driver.user.id);
    await request(app, passenger, trip.id);
    const response = await decide(app, passenger, trip.id, passenger.user.id, 'cancel');
    expect(expectContract(endpoints.requests.cancel, response).data.request_state).toBe(3);
    expect(await seatsOf(app, trip.id)).toMatchObject({ available: 3, cancelled: 1, pending: 0 });
    const [note] = (await notificationsOf(app, driver.user.id)).slice(-1);
    expect(note?.text).toBe(`Rita Retira retiró su solicitud para tu viaje a ${PLACES.destination.name}.`);
    expectError(await decide(app, passenger, trip.id, passenger.user.id, 'cancel'), 422, 'not_a_passenger');
  });

  it('lets an accepted passenger leave: state 3, the seat back, the driver told', async () => {
    const passenger = await makeUser(app, { name: 'Bruno Bajado' });
    const trip = await makeTrip(app, driver.user.id, { seats: 2 });
    await request(app, passenger, trip.id);
    await decide(app, driver, trip.id, passenger.user.id, 'accept');
    expect(await seatsOf(app, trip.id)).toMatchObject({ available: 1, active: 1 });
    expect((await decide(app, passenger, trip.id, passenger.user.id, 'cancel')).statusCode).toBe(200);
    expect(await seatsOf(app, trip.id)).toMatchObject({ available: 2, active: 0, cancelled: 1 });
    const [note] = (await notificationsOf(app, driver.user.id)).slice(-1);
    expect(note?.text).toBe(`Bruno Bajado se bajó de tu viaje a ${PLACES.destination.name}.`);
  });

  it('lets the owner remove a passenger in state 1 or 4, who is told; not a pending one', async () => {
    const trip = await makeTrip(app, driver.user.id, { seats: 3 });
    const [accepted, paying, pending] = [await makeUser(app), await makeUser(app), await makeUser(app)];
    await addRequest(app, trip, accepted.user.id, 1);
    const payingRequest = await addRequest(app, trip, paying.user.id, 4);
    await app.db.payment.create({ data: { kind: 'seat', user_id: paying.user.id, trip_id: trip.id, passenger_id: payingRequest.id, amount_cents: 1_500_000 } });
    await addRequest(app, trip, pending.user.id, 0);
    expect(await seatsOf(app, trip.id)).toMatchObject({ available: 1, active: 2 });

    expect((await decide(app, driver, trip.id, accepted.user.id, 'cancel')).statusCode).toBe(200);
    expect((await decide(app, driver, trip.id, paying.user.id, 'cancel')).statusCode).toBe(200);
    expect(await seatsOf(app, trip.id)).toMatchObject({ available: 3, active: 0, cancelled: 2, pending: 1 });
    expect((await app.db.payment.findFirstOrThrow({ where: { passenger_id: payingRequest.id } })).payment_status).toBe('canceled');
    const [note] = (await notificationsOf(app, accepted.user.id)).slice(-1);
    expect(note?.text).toBe(`Martina Conductora te bajó de su viaje a ${PLACES.destination.name}.`);

    expectError(await decide(app, driver, trip.id, pending.user.id, 'cancel'), 422, 'not_a_passenger');
    expectError(await decide(app, driver, trip.id, driver.user.id, 'cancel'), 422, 'not_a_passenger');
  });

  it("does not let a stranger or another passenger cancel someone's request", async () => {
    const trip = await makeTrip(app, driver.user.id);
    const [passenger, other] = [await makeUser(app), await makeUser(app)];
    await addRequest(app, trip, passenger.user.id, 1);
    await addRequest(app, trip, other.user.id, 1);
    expectError(await decide(app, stranger, trip.id, passenger.user.id, 'cancel'), 422, 'access_denied');
    expectError(await decide(app, other, trip.id, passenger.user.id, 'cancel'), 422, 'access_denied');
    expectError(await decide(app, stranger, trip.id, stranger.user.id, 'cancel'), 422, 'not_a_passenger');
    expect(await seatsOf(app, trip.id)).toMatchObject({ active: 2, available: 1 });
  });

  it('does not move seats once the trip has left, but a pending request may still be withdrawn', async () => {
    const trip = await makeTrip(app, driver.user.id, { date: inHours(-3) });
    const [aboard, waiting] = [await makeUser(app), await makeUser(app)];
    await addRequest(app, trip, aboard.user.id, 1);
    await addRequest(app, trip, waiting.user.id, 0);
    expectError(await decide(app, aboard, trip.id, aboard.user.id, 'cancel'), 422, 'trip_expired');
    expectError(await decide(app, driver, trip.id, aboard.user.id, 'cancel'), 422, 'trip_expired');
    expect((await decide(app, waiting, trip.id, waiting.user.id, 'cancel')).statusCode).toBe(200);
  });
});

describe('auto-accept and seat payment', () => {
  it('boards at once when the driver auto-accepts (state 1), and tells the driver', async () => {
    const auto = await makeUser(app, { autoaccept_requests: true, name: 'Aurelio Automático' });
    const trip = await makeTrip(app, auto.user.id, { seats: 1 });
    const passenger = await makeUser(app, { name: 'Iván Inmediato' });
    const response = await request(app, passenger, trip.id);
    expect(expectContract(endpoints.requests.create, response).data.request_state).toBe(1);
    expect(await seatsOf(app, trip.id)).toMatchObject({ available: 0, accepted: 1 });
    const [note] = (await notificationsOf(app, auto.user.id)).slice(-1);
    expect(note?.text).toBe(`Iván Inmediato se subió a tu viaje a ${PLACES.destination.name} (aceptación automática).`);

    // Full: not_seat_available, and no request is left behind.
    const late = await makeUser(app);
    expectError(await request(app, late, trip.id), 422, 'not_seat_available');
    expect(await app.db.passenger.count({ where: { trip_id: trip.id, user_id: late.user.id } })).toBe(0);
  });

  it('with module_trip_seats_payment, accepting leaves the request waiting for payment (4) with a pending payment', async () => {
    const paid = await build();
    paid.country.config.module_trip_seats_payment = true;
    const owner = await makeUser(paid);
    const trip = await makeTrip(paid, owner.user.id, { price: 1_250_050 });
    const passenger = await makeUser(paid);
    await request(paid, passenger, trip.id);
    const accepted = expectContract(endpoints.requests.accept, await decide(paid, owner, trip.id, passenger.user.id, 'accept')).data;
    expect(accepted.request_state).toBe(4);
    expect(await seatsOf(paid, trip.id)).toMatchObject({ available: 2, waitingPayment: 1, active: 1 });
    const payment = await paid.db.payment.findFirstOrThrow({ where: { passenger_id: accepted.id } });
    expect(payment).toMatchObject({ kind: 'seat', payment_status: 'pending', amount_cents: 1_250_050, user_id: passenger.user.id });
    const [note] = (await notificationsOf(paid, passenger.user.id)).slice(-1);
    expect(note?.type).toBe('my-trips');

    const list = expectContract(endpoints.requests.paymentPending, await api(paid, passenger, 'GET', '/api/users/payment-pending')).data;
    expect(list.map((r) => r.id)).toEqual([accepted.id]);
    expect(list[0]?.trip).toMatchObject({ id: trip.id, to_town: PLACES.destination.name });
    // Her trip page marks the seat to pay as a request still waiting, as the provider's Trip::isPending.
    const seen = expectContract(endpoints.trips.show, await api(paid, passenger, 'GET', `/api/trips/${trip.id}`)).data;
    expect(seen).toMatchObject({ request: 'send', passengerPending_count: 1 });

    // Auto-accept goes to 4 as well.
    const auto = await makeUser(paid, { autoaccept_requests: true });
    const autoTrip = await makeTrip(paid, auto.user.id, { date: inHours(200) });
    const autoAccepted = await request(paid, passenger, autoTrip.id);
    expect(autoAccepted.json().data?.request_state, autoAccepted.body).toBe(4);

    // A free seat needs no payment.
    const free = await makeTrip(paid, owner.user.id, { price: 0, to: PLACES.elsewhere, date: inHours(400) });
    await request(paid, passenger, free.id);
    expect((await decide(paid, owner, free.id, passenger.user.id, 'accept')).json().data.request_state).toBe(1);

    // The module flag lives on this app only.
    expect(app.country.config.module_trip_seats_payment).toBe(false);
  });
});

describe('lists', () => {
  it("shows a trip's pending requests to its owner only", async () => {
    const trip = await makeTrip(app, driver.user.id);
    const [a, b] = [await makeUser(app), await makeUser(app)];
    await request(app, a, trip.id);
    await request(app, b, trip.id);
    await decide(app, driver, trip.id, b.user.id, 'accept');
    const response = await api(app, driver, 'GET', `/api/trips/${trip.id}/requests`);
    const list = expectContract(endpoints.requests.ofTrip, response).data;
    expect(list.map((r) => r.user_id)).toEqual([a.user.id]);
    expectError(await api(app, stranger, 'GET', `/api/trips/${trip.id}/requests`), 422, 'access_denied');
    expectError(await api(app, a, 'GET', `/api/trips/${trip.id}/requests`), 422, 'access_denied');
  });

  it('shows the passengers (1 and 4) to the owner and to the passengers, not to others', async () => {
    const trip = await makeTrip(app, driver.user.id);
    const [aboard, paying, pending] = [await makeUser(app), await makeUser(app), await makeUser(app)];
    await addRequest(app, trip, aboard.user.id, 1);
    await addRequest(app, trip, paying.user.id, 4);
    await addRequest(app, trip, pending.user.id, 0);
    for (const who of [driver, aboard, paying]) {
      const list = expectContract(endpoints.requests.passengers, await api(app, who, 'GET', `/api/trips/${trip.id}/passengers`)).data;
      expect(list.map((r) => [r.user_id, r.request_state])).toEqual([
        [aboard.user.id, 1],
        [paying.user.id, 4],
      ]);
    }
    expectError(await api(app, pending, 'GET', `/api/trips/${trip.id}/passengers`), 422, 'access_denied');
    expectError(await api(app, stranger, 'GET', `/api/trips/${trip.id}/passengers`), 422, 'access_denied');
  });

  it("lists every pending request on the caller's upcoming trips, with the trip", async () => {
    const owner = await makeUser(app);
    const [t1, t2, past] = [
      await makeTrip(app, owner.user.id),
      await makeTrip(app, owner.user.id, { to: PLACES.elsewhere }),
      await makeTrip(app, owner.user.id, { date: inHours(-5) }),
    ];
    const [a, b] = [await makeUser(app), await makeUser(app)];
    await request(app, a, t1.id);
    await request(app, b, t2.id);
    await addRequest(app, past, a.user.id, 0);
    await request(app, a, (await makeTrip(app, driver.user.id, { date: inHours(500) })).id);
    const list = expectContract(endpoints.requests.pending, await api(app, owner, 'GET', '/api/users/requests')).data;
    expect(list.map((r) => [r.trip_id, r.user_id])).toEqual([
      [t1.id, a.user.id],
      [t2.id, b.user.id],
    ]);
    expect(list[1]?.trip).toMatchObject({ id: t2.id, to_town: PLACES.elsewhere.name });
    expect(expectContract(endpoints.requests.pending, await api(app, stranger, 'GET', '/api/users/requests')).data).toEqual([]);
  });

  it('answers the demo accounts with seeded data that keeps the contract', async () => {
    const driverToken = await login(app, DEMO.driver);
    const pending = expectContract(endpoints.requests.pending, await app.inject({ method: 'GET', url: '/api/users/requests', headers: bearer(driverToken) })).data;
    expect(pending.length).toBeGreaterThanOrEqual(3);
    expect(pending.every((r) => r.request_state === 0 && r.trip?.user_id === r.trip?.user?.id)).toBe(true);

    const passengerToken = await login(app, DEMO.passenger);
    const paying = expectContract(endpoints.requests.paymentPending, await app.inject({ method: 'GET', url: '/api/users/payment-pending', headers: bearer(passengerToken) })).data;
    expect(paying.length).toBeGreaterThanOrEqual(1);
    expect(paying.every((r) => r.request_state === 4)).toBe(true);

    const transactions = expectContract(endpoints.requests.transactions, await app.inject({ method: 'GET', url: '/api/trips/transactions', headers: bearer(passengerToken) }));
    expect(transactions.length).toBeGreaterThanOrEqual(1);
    // Departed trips only, as the provider lists them.
    expect(transactions.every((transaction) => Date.parse(transaction.trip.trip_date) <= app.clock.now().getTime())).toBe(true);
    expect(transactions[0]).toMatchObject({ payment_status: 'ok', payment_info: { cardDetail: { cardNumber: 'XXXX-XXXX-XXXX-4242' } } });
  });
});

describe("the provider's fields (TripTransformer, PassengerTransformer)", () => {
  const showTrip = async (who: TestUser, tripId: number) =>
    expectContract(endpoints.trips.show, await api(app, who, 'GET', `/api/trips/${tripId}`)).data;

  it('names the state `state` on every request row, beside request_state, with the requester as user', async () => {
    const owner = await makeUser(app, { name: 'Nora Estados' });
    const trip = await makeTrip(app, owner.user.id);
    const [pending, aboard, paying] = [await makeUser(app), await makeUser(app), await makeUser(app)];
    await addRequest(app, trip, pending.user.id, 0);
    await addRequest(app, trip, aboard.user.id, 1);
    await addRequest(app, trip, paying.user.id, 4);
    const rows = [
      ...expectContract(endpoints.requests.ofTrip, await api(app, owner, 'GET', `/api/trips/${trip.id}/requests`)).data,
      ...expectContract(endpoints.requests.pending, await api(app, owner, 'GET', '/api/users/requests')).data,
      ...expectContract(endpoints.requests.passengers, await api(app, owner, 'GET', `/api/trips/${trip.id}/passengers`)).data,
      ...expectContract(endpoints.requests.paymentPending, await api(app, paying, 'GET', '/api/users/payment-pending')).data,
    ];
    expect(rows.map((row) => [row.user.id, row.state])).toEqual([
      [pending.user.id, 0],
      [pending.user.id, 0],
      [aboard.user.id, 1],
      [paying.user.id, 4],
      [paying.user.id, 4],
    ]);
    expect(rows.every((row) => row.state === row.request_state && row.user.id === row.user_id)).toBe(true);
  });

  it('flags an unpaid creation fee (sellado_pending) for the owner and admins, and not on a ready trip', async () => {
    const owner = await makeUser(app);
    const admin = await makeUser(app, { is_admin: true });
    const unpaid = await makeTrip(app, owner.user.id, { state: 'awaiting_payment' });
    await app.db.trip.update({ where: { id: unpaid.id }, data: { needs_sellado: true } });
    const paid = await makeTrip(app, owner.user.id, { state: 'ready' });
    await app.db.trip.update({ where: { id: paid.id }, data: { needs_sellado: true } });
    for (const who of [owner, admin]) {
      expect(await showTrip(who, unpaid.id)).toMatchObject({ sellado_pending: true, sellado_pending_label: 'Falta pagar Sellado' });
      expect(await showTrip(who, paid.id)).toMatchObject({ sellado_pending: false, sellado_pending_label: null });
    }
    expect(await showTrip(stranger, paid.id)).toMatchObject({ sellado_pending: false, sellado_pending_label: null });
  });

  it("tells logged-in viewers the driver's seat-request limit and whether it is reached", async () => {
    const limited = await makeUser(app, { unaswered_messages_limit: 2 });
    const admin = await makeUser(app, { is_admin: true });
    const trip = await makeTrip(app, limited.user.id);
    const [asker, chatter] = [await makeUser(app), await makeUser(app)];
    expect((await request(app, asker, trip.id)).statusCode).toBe(200);
    for (const who of [limited, asker, stranger, admin]) {
      expect(await showTrip(who, trip.id)).toMatchObject({ seat_request_limit: 2, seat_request_limit_reached: false });
    }
    // An unanswered private chat about the trip counts too: 1 + 1 reaches the limit of 2.
    const chat = await app.db.conversation.create({
      data: { type: 0, trip_id: trip.id, users: { create: [{ user_id: chatter.user.id }, { user_id: limited.user.id }] } },
    });
    await app.db.message.create({ data: { conversation_id: chat.id, user_id: chatter.user.id, text: '¿Hay lugar?' } });
    for (const who of [limited, asker, stranger, admin]) {
      expect(await showTrip(who, trip.id)).toMatchObject({ seat_request_limit: 2, seat_request_limit_reached: true });
    }
    expect(codeOf422(await request(app, stranger, trip.id))).toEqual(['user_has_reach_request_limit']);
    // No limit (0): null and never reached.
    const free = await makeTrip(app, driver.user.id);
    expect(await showTrip(stranger, free.id)).toMatchObject({ seat_request_limit: null, seat_request_limit_reached: false });
  });

  it("tells each viewer whether the driver is their friend, with the pending count and the request marker", async () => {
    const owner = await makeUser(app);
    const [friend, pending, paying] = [await makeUser(app), await makeUser(app), await makeUser(app)];
    await app.db.friend.createMany({
      data: [
        { uid1: friend.user.id, uid2: owner.user.id, state: 1 },
        { uid1: owner.user.id, uid2: friend.user.id, state: 1 },
      ],
    });
    const trip = await makeTrip(app, owner.user.id);
    await addRequest(app, trip, pending.user.id, 0);
    await addRequest(app, trip, paying.user.id, 4);
    const seen = async (who: TestUser) => {
      const answer = await showTrip(who, trip.id);
      return [answer.driver_is_friend, answer.passengerPending_count, answer.request];
    };
    expect(await seen(friend)).toEqual([true, 2, '']);
    expect(await seen(stranger)).toEqual([false, 2, '']);
    expect(await seen(pending)).toEqual([false, 2, 'send']);
    expect(await seen(owner)).toEqual([false, 2, '']);
  });

  it("gives the trip's group chat, with the viewer's unread messages, to the driver and the active passengers only", async () => {
    const owner = await makeUser(app);
    const [aboard, paying, pending] = [await makeUser(app), await makeUser(app), await makeUser(app)];
    const trip = await makeTrip(app, owner.user.id);
    await addRequest(app, trip, aboard.user.id, 1);
    await addRequest(app, trip, paying.user.id, 4);
    await addRequest(app, trip, pending.user.id, 0);
    const none = { group_chat_conversation_id: null, group_chat_unread_count: 0 };
    expect(await showTrip(owner, trip.id)).toMatchObject(none);
    const members = [owner, aboard, paying].map((who) => ({ user_id: who.user.id }));
    const chat = await app.db.conversation.create({ data: { type: 1, trip_id: trip.id, title: 'Viaje', users: { create: members } } });
    const [first] = await Promise.all([
      app.db.message.create({ data: { conversation_id: chat.id, user_id: owner.user.id, text: 'Salimos a las 8.' } }),
      app.db.message.create({ data: { conversation_id: chat.id, user_id: aboard.user.id, text: 'Perfecto.' } }),
    ]);
    await app.db.messageRead.create({ data: { message_id: first.id, user_id: paying.user.id } });
    const unread = async (who: TestUser) => {
      const answer = await showTrip(who, trip.id);
      return [answer.group_chat_conversation_id, answer.group_chat_unread_count];
    };
    expect(await unread(owner)).toEqual([chat.id, 1]);
    expect(await unread(aboard)).toEqual([chat.id, 1]);
    expect(await unread(paying)).toEqual([chat.id, 1]);
    expect(await showTrip(pending, trip.id)).toMatchObject(none);
    expect(await showTrip(stranger, trip.id)).toMatchObject(none);
  });

  it('sends guests neither the viewer fields nor the limit, but the creation-fee flag', async () => {
    const limited = await makeUser(app, { unaswered_messages_limit: 1 });
    const far = { name: 'Destino del invitado', lat: -51.25, lng: -57.75 };
    const trip = await makeTrip(app, limited.user.id, { to: far });
    const query = new URLSearchParams({ destination_lat: String(far.lat), destination_lng: String(far.lng) });
    const list = expectContract(endpoints.trips.search, await api(app, null, 'GET', `/api/trips?${query}`)).data;
    const answer = list.find((item) => item.id === trip.id)!;
    expect(answer).toMatchObject({ sellado_pending: false, sellado_pending_label: null, request: '', passenger: [] });
    for (const key of ['driver_is_friend', 'seat_request_limit', 'seat_request_limit_reached', 'group_chat_conversation_id']) expect(answer).not.toHaveProperty(key);
  });
});

describe('whole loop on one trip', () => {
  it('keeps seats_available = total - active through request, accept, leave, re-request, remove', async () => {
    const trip = await makeTrip(app, driver.user.id, { seats: 2, date: inHours(300) });
    const [a, b, c] = [await makeUser(app), await makeUser(app), await makeUser(app)];
    const check = async (available: number) => {
      const seats = await seatsOf(app, trip.id);
      expect(seats.available).toBe(available);
      expect(seats.available).toBe(seats.total - seats.active);
    };
    for (const who of [a, b, c]) await request(app, who, trip.id);
    await check(2);
    await decide(app, driver, trip.id, a.user.id, 'accept');
    await decide(app, driver, trip.id, b.user.id, 'accept');
    await check(0);
    expectError(await decide(app, driver, trip.id, c.user.id, 'accept'), 422, 'not_seat_available');
    await decide(app, a, trip.id, a.user.id, 'cancel');
    await check(1);
    await decide(app, driver, trip.id, c.user.id, 'accept');
    await check(0);
    expect((await request(app, a, trip.id)).json().data.request_state).toBe(0);
    await decide(app, driver, trip.id, b.user.id, 'cancel');
    await check(1);
    await decide(app, driver, trip.id, a.user.id, 'accept');
    await check(0);
  });
});
