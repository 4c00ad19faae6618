import { endpoints, haversineMetres, type Trip } from '@carpool/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, expectContract } from '../../test/helper';
import { PLACES, buildWithDemoSessions, insertTrip, makeUser, point, tripBody, withConfig } from '../../test/trips';

let app: FastifyInstance;
let driverToken: string;
let passengerToken: string;
let adminToken: string;
let driverId: number;
let passengerId: number;

beforeAll(async () => {
  ({ app, driverToken, passengerToken, adminToken, driverId, passengerId } = await buildWithDemoSessions());
});

const post = (url: string, token: string | null, payload?: unknown) =>
  app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
const put = (url: string, token: string | null, payload: unknown) =>
  app.inject({ method: 'PUT', url, headers: token ? bearer(token) : {}, payload: payload as object });
const get = (url: string, token: string | null) => app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const del = (url: string, token: string | null) => app.inject({ method: 'DELETE', url, headers: token ? bearer(token) : {} });

async function create(body: Parameters<typeof tripBody>[0] = {}, token = driverToken): Promise<Trip> {
  const response = await post('/api/trips', token, tripBody(body));
  expect(response.statusCode, response.body).toBe(200);
  return expectContract(endpoints.trips.create, response).data;
}

function expectCode(response: Awaited<ReturnType<typeof get>>, code: string, status = 422) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().errors.error).toBe(code);
}

function expectFields(response: Awaited<ReturnType<typeof get>>, ...fields: string[]) {
  expect(response.statusCode, response.body).toBe(422);
  const errors = response.json().errors as Record<string, string[]>;
  for (const field of fields) expect(errors[field], `${field} in ${response.body}`).toEqual([expect.any(String), ...errors[field]!.slice(1)]);
  return errors;
}

describe('POST /api/trips', () => {
  it('publishes a driver trip with what the server works out from the points', async () => {
    const trip = await create({ description: 'Publicado por el test.' });
    expect(trip).toMatchObject({
      user_id: driverId,
      from_town: 'Rosario',
      to_town: 'Córdoba',
      trip_date: '2026-11-26 10:00:00',
      total_seats: 3,
      seats_available: 3,
      is_passenger: 0,
      no_lucrar: 1,
      state: 'ready',
      needs_sellado: 0,
      payment_id: null,
      passenger_count: 0,
      allPassengerRequest: [],
      request: '',
    });
    // The great-circle distance × 1.3, at 80 km/h, 1.5 kg CO2 per km.
    expect(trip.distance).toBe(Math.round(haversineMetres(PLACES.rosario, PLACES.cordoba) * 1.3));
    expect(trip.co2).toBeCloseTo((trip.distance / 1000) * 1.5, 1);
    const minutes = Math.round((trip.distance / 1000 / 80) * 60);
    expect(trip.estimated_time).toBe(`${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`);
    expect(trip.recommended_trip_price_cents).toBeGreaterThan(0);
    expect(trip.points.map((p) => p.node_id)).toEqual([PLACES.rosario.id, PLACES.cordoba.id]);
    const shown = expectContract(endpoints.trips.show, await get(`/api/trips/${trip.id}`, passengerToken)).data;
    expect(shown.description).toBe('Publicado por el test.');
    expect(shown.allPassengerRequest).toBeUndefined();
  });

  it('needs a session', async () => {
    expect((await post('/api/trips', null, tripBody())).statusCode).toBe(401);
  });

  it('answers the existing trip for the same user, towns, date and kind', async () => {
    const first = await create({ trip_date: '2026-11-27 07:15:00', description: 'Primero.' });
    const again = await create({ trip_date: '2026-11-27 07:15:00', description: 'Enviado dos veces.' });
    expect(again.id).toBe(first.id);
    expect(again.description).toBe('Primero.');
    const otherKind = await create({ trip_date: '2026-11-27 07:15:00', is_passenger: true, no_lucrar: false });
    expect(otherKind.id).not.toBe(first.id);
  });

  it('refuses missing, too long and mistyped fields with field errors', async () => {
    const { description: _d, ...noDescription } = tripBody();
    expectFields(await post('/api/trips', driverToken, noDescription), 'description');
    expectFields(await post('/api/trips', driverToken, tripBody({ description: '   ' })), 'description');
    expectFields(await post('/api/trips', driverToken, tripBody({ description: 'x'.repeat(2001) })), 'description');
    expectFields(await post('/api/trips', driverToken, { ...tripBody(), total_seats: 'tres' }), 'total_seats');
    expectFields(await post('/api/trips', driverToken, tripBody({ total_seats: 5 })), 'total_seats');
    expectFields(await post('/api/trips', driverToken, tripBody({ total_seats: 0 })), 'total_seats');
    expectFields(await post('/api/trips', driverToken, tripBody({ points: [point(PLACES.rosario)] })), 'points');
    expectFields(await post('/api/trips', driverToken, { ...tripBody(), trip_date: '26/11/2026 10:00' }), 'trip_date');
    expectFields(await post('/api/trips', driverToken, { ...tripBody(), points: [{ ...point(PLACES.rosario), address: '' }, point(PLACES.cordoba)] }), 'points.0.address');
    expectFields(await post('/api/trips', driverToken, { ...tripBody(), points: [{ ...point(PLACES.rosario), lat: 123 }, point(PLACES.cordoba)] }), 'points.0.lat');
    const { trip_date: _t, ...noDate } = tripBody();
    expectFields(await post('/api/trips', driverToken, noDate), 'trip_date');
    const notJson = await post('/api/trips', driverToken, 'not json');
    expect([415, 422]).toContain(notJson.statusCode);
  });

  it('accepts a driver trip without no_lucrar, as the provider does (the web form keeps that rule)', async () => {
    const { no_lucrar: _n, ...withoutFlag } = tripBody({ trip_date: '2026-12-20 10:00:00', description: 'Sin no_lucrar.' });
    const created = expectContract(endpoints.trips.create, await post('/api/trips', driverToken, withoutFlag)).data;
    expect(created).toMatchObject({ is_passenger: 0, no_lucrar: 0 });
    const unticked = expectContract(endpoints.trips.create, await post('/api/trips', driverToken, tripBody({ trip_date: '2026-12-21 10:00:00', no_lucrar: false }))).data;
    expect(unticked.no_lucrar).toBe(0);
    expect(expectContract(endpoints.trips.update, await put(`/api/trips/${unticked.id}`, driverToken, { no_lucrar: true })).data.no_lucrar).toBe(1);
    expect(expectContract(endpoints.trips.update, await put(`/api/trips/${unticked.id}`, driverToken, { no_lucrar: false })).data.no_lucrar).toBe(0);
  });

  it('checks the trip form rules of spec §5', async () => {
    expectFields(await post('/api/trips', driverToken, tripBody({ trip_date: '2026-11-22 11:00:00' })), 'trip_date');
    expectFields(await post('/api/trips', driverToken, tripBody({ trip_date: '2026-02-30 10:00:00' })), 'trip_date');
    expectFields(await post('/api/trips', driverToken, tripBody({ trip_date: '2029-01-01 10:00:00' })), 'trip_date');
    expectFields(
      await post('/api/trips', driverToken, tripBody({ points: [point(PLACES.rosario), { ...point(PLACES.rosario), node_id: null, lat: PLACES.rosario.lat + 0.001 }] })),
      'points',
    );
    const abroad = expectFields(
      await post('/api/trips', driverToken, tripBody({ points: [point(PLACES.montevideo), point(PLACES.asuncion)] })),
      'points',
    );
    expect(abroad.points).toEqual(['Solo un punto del viaje puede estar fuera de Argentina.']);
    // One point abroad is fine.
    await create({ points: [point(PLACES.posadas), point(PLACES.encarnacion)], trip_date: '2026-11-28 09:00:00' });
  });

  it('does not ask passengers looking for a driver to promise not to profit', async () => {
    const trip = await create({ is_passenger: true, no_lucrar: false, trip_date: '2026-11-29 09:00:00' }, passengerToken);
    expect(trip.is_passenger).toBe(1);
  });

  it('caps the seat price when the module is on', async () => {
    const errors = expectFields(await post('/api/trips', driverToken, tripBody({ seat_price_cents: 6_000_001 })), 'seat_price_cents');
    expect(errors.seat_price_cents).toEqual(['El precio del asiento no puede superar $60.000.']);
    await withConfig(app, { module_max_price_enabled: false }, async () => {
      const trip = await create({ seat_price_cents: 6_000_001, trip_date: '2026-11-30 09:00:00' });
      expect(trip.seat_price_cents).toBe(6_000_001);
    });
  });

  it('needs a verified driver for driver trips when the module is on (driver_is_verified)', async () => {
    expectCode(await post('/api/trips', passengerToken, tripBody()), 'driver_is_verified');
    await withConfig(app, { module_validated_drivers: false }, async () => {
      const trip = await create({ trip_date: '2026-12-01 09:00:00' }, passengerToken);
      expect(trip.user_id).toBe(passengerId);
    });
  });

  it("refuses an incomplete profile in the provider's words (errors.profile_required), after the body's validation", async () => {
    const { user, token } = await makeUser(app, { driver_is_verified: true, image: null, nro_doc: null });
    const refused = await post('/api/trips', token, tripBody());
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toEqual({ message: 'Could not create new trip.', errors: { profile_required: ['The user profile must be complete.'] } });
    // An invalid body is answered first with its field errors, as TripsManager::create validates first.
    expectFields(await post('/api/trips', token, tripBody({ total_seats: 9 })), 'total_seats');
    expect(await app.db.trip.count({ where: { user_id: user.id } })).toBe(0);
  });

  it("refuses to publish without a complete profile (the provider's photo, description, document and phone), for a driver or a passenger trip", async () => {
    const cases: Record<string, unknown>[] = [{ image: null }, { description: null }, { description: '   ' }, { nro_doc: null }, { mobile_phone: null }];
    for (const missing of cases) {
      for (const is_passenger of [false, true]) {
        const { user, token } = await makeUser(app, { driver_is_verified: true, ...missing });
        const refused = await post('/api/trips', token, tripBody({ trip_date: '2026-12-06 09:00:00', is_passenger }));
        expect(refused.statusCode, `${JSON.stringify(missing)} ${refused.body}`).toBe(422);
        expect(refused.json().errors).toEqual({ profile_required: ['The user profile must be complete.'] });
        expect(await app.db.trip.count({ where: { user_id: user.id } })).toBe(0);
      }
    }
    const { user, token } = await makeUser(app, { driver_is_verified: true, image: null });
    await app.db.user.update({ where: { id: user.id }, data: { image: 'avatar.png' } });
    await create({ trip_date: '2026-12-06 09:00:00' }, token);
  });

  it('refuses an incomplete profile whatever the role: an admin too', async () => {
    const { token } = await makeUser(app, { is_admin: true, driver_is_verified: true, description: null });
    const refused = await post('/api/trips', token, tripBody({ trip_date: '2026-12-07 09:00:00' }));
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors).toEqual({ profile_required: ['The user profile must be complete.'] });
  });

  it("refuses another user's car", async () => {
    const other = await app.db.car.findFirstOrThrow({ where: { user_id: { not: driverId } } });
    expectCode(await post('/api/trips', driverToken, tripBody({ car_id: other.id })), 'car_not_found');
    const own = await app.db.car.findFirstOrThrow({ where: { user_id: driverId } });
    const trip = await create({ car_id: own.id, trip_date: '2026-12-02 09:00:00' });
    expect(trip.car).toMatchObject({ id: own.id, patente: own.patente });
  });

  it('publishes a return trip of the own, earlier trip', async () => {
    const outbound = await create({ trip_date: '2026-12-03 08:00:00' });
    const back = await create({
      trip_date: '2026-12-04 18:00:00',
      parent_trip_id: outbound.id,
      points: [point(PLACES.cordoba), point(PLACES.rosario)],
    });
    expect(back.parent_trip_id).toBe(outbound.id);
    const shown = expectContract(endpoints.trips.show, await get(`/api/trips/${outbound.id}`, driverToken)).data;
    expect(shown.return_trip).toEqual({ id: back.id, from_town: 'Córdoba', to_town: 'Rosario', trip_date: '2026-12-04 18:00:00' });

    const returnBody = (date: string, parent: number) => tripBody({ trip_date: date, parent_trip_id: parent, points: [point(PLACES.cordoba), point(PLACES.rosario)] });
    expectFields(await post('/api/trips', driverToken, returnBody('2026-12-05 18:00:00', outbound.id)), 'parent_trip_id');
    const second = await create({ trip_date: '2026-12-06 08:00:00' });
    expectFields(await post('/api/trips', driverToken, returnBody('2026-12-06 07:00:00', second.id)), 'trip_date');
    const someoneElses = await app.db.trip.findFirstOrThrow({ where: { user_id: { not: driverId }, deleted_at: null, parent_trip_id: null } });
    expectFields(await post('/api/trips', driverToken, returnBody('2026-12-07 18:00:00', someoneElses.id)), 'parent_trip_id');
    // Moving either past the other is refused.
    expectFields(await put(`/api/trips/${back.id}`, driverToken, { trip_date: '2026-12-03 07:00:00' }), 'trip_date');
    expectFields(await put(`/api/trips/${outbound.id}`, driverToken, { trip_date: '2026-12-04 19:00:00' }), 'trip_date');
    // Once the return trip is cancelled, the outbound may get a new one.
    expect((await del(`/api/trips/${back.id}`, driverToken)).statusCode).toBe(200);
    const newBack = await create({ trip_date: '2026-12-05 18:00:00', parent_trip_id: outbound.id, points: [point(PLACES.cordoba), point(PLACES.rosario)] });
    expect(newBack.parent_trip_id).toBe(outbound.id);
  });

  it('makes trips over the free limit wait for the creation fee when the module is on', async () => {
    await withConfig(app, { module_trip_creation_payment_enabled: true }, async () => {
      const info = expectContract(endpoints.trips.sealingInfo, await get('/api/users/sellado-viaje', driverToken)).data;
      expect(info).toMatchObject({ trip_creation_payment_enabled: true, free_trips_amount: 2, user_over_free_limit: true });
      const trip = await create({ trip_date: '2026-12-08 09:00:00', description: 'Con sellado.' });
      expect(trip).toMatchObject({ state: 'awaiting_payment', needs_sellado: 1, payment_id: expect.any(String) });
      const payment = await app.db.payment.findFirstOrThrow({ where: { trip_id: trip.id } });
      expect(payment).toMatchObject({ kind: 'sellado', user_id: driverId, amount_cents: 150_000, payment_status: 'pending' });
      expect(trip.payment_id).toBe(String(payment.id));
      // Visible to its owner only.
      expectCode(await get(`/api/trips/${trip.id}`, passengerToken), 'trip_not_foound');
      expect((await get(`/api/trips/${trip.id}`, driverToken)).statusCode).toBe(200);

      // A new user's first trips are free.
      const { token } = await makeUser(app, { driver_is_verified: true });
      const free = expectContract(endpoints.trips.create, await post('/api/trips', token, tripBody({ trip_date: '2026-12-09 09:00:00' }))).data;
      expect(free).toMatchObject({ state: 'ready', needs_sellado: 0, payment_id: null });
      expect(expectContract(endpoints.trips.sealingInfo, await get('/api/users/sellado-viaje', token)).data).toEqual({
        trip_creation_payment_enabled: true,
        free_trips_amount: 2,
        trips_created_by_user_amount: 1,
        user_over_free_limit: false,
      });
    });
    const off = await create({ trip_date: '2026-12-10 09:00:00' });
    expect(off.state).toBe('ready');
  });
});

describe('GET /api/trips/:id', () => {
  it('shows visible trips and answers trip_not_foound for missing, deleted and invisible ones', async () => {
    const publicTrip = await create({ trip_date: '2026-12-11 09:00:00' });
    expect(expectContract(endpoints.trips.show, await get(`/api/trips/${publicTrip.id}`, passengerToken)).data.id).toBe(publicTrip.id);
    expectCode(await get('/api/trips/999999', passengerToken), 'trip_not_foound');
    expect((await get(`/api/trips/${publicTrip.id}`, null)).statusCode).toBe(401);
    expect((await get('/api/trips/abc', passengerToken)).statusCode).toBe(422);

    const friendsOnly = await create({ trip_date: '2026-12-12 09:00:00', friendship_type_id: 0 });
    const { token: stranger } = await makeUser(app);
    expectCode(await get(`/api/trips/${friendsOnly.id}`, stranger), 'trip_not_foound');
    expect((await get(`/api/trips/${friendsOnly.id}`, adminToken)).statusCode).toBe(200);

    const hidden = await insertTrip(app, { userId: driverId, from: PLACES.rosario, to: PLACES.mendoza, date: '2026-12-13 09:00:00', hidden: true });
    expectCode(await get(`/api/trips/${hidden.id}`, stranger), 'trip_not_foound');
    expect(expectContract(endpoints.trips.show, await get(`/api/trips/${hidden.id}`, adminToken)).data.hidden).toBe(1);
    expect((await get(`/api/trips/${hidden.id}`, driverToken)).statusCode).toBe(200);

    // A passenger still sees a friends-only trip they ride on.
    const { user: rider, token: riderToken } = await makeUser(app);
    await app.db.passenger.create({ data: { trip_id: friendsOnly.id, user_id: rider.id, request_state: 1 } });
    const seen = expectContract(endpoints.trips.show, await get(`/api/trips/${friendsOnly.id}`, riderToken)).data;
    expect(seen.passenger_count).toBe(1);
  });

  it('marks the viewer\'s pending request and shows every request to the owner only', async () => {
    const trip = await create({ trip_date: '2026-12-14 09:00:00' });
    const { user, token } = await makeUser(app);
    await app.db.passenger.create({ data: { trip_id: trip.id, user_id: user.id, request_state: 0 } });
    expect(expectContract(endpoints.trips.show, await get(`/api/trips/${trip.id}`, token)).data.request).toBe('send');
    expect(expectContract(endpoints.trips.show, await get(`/api/trips/${trip.id}`, passengerToken)).data.request).toBe('');
    const owner = expectContract(endpoints.trips.show, await get(`/api/trips/${trip.id}`, driverToken)).data;
    expect(owner.allPassengerRequest).toEqual([expect.objectContaining({ id: user.id, user_id: user.id, request_state: 0, name: user.name, email: user.email })]);
    expect(owner.passengerPending_count).toBe(1);
  });
});

describe('PUT /api/trips/:id', () => {
  it('lets the owner change fields and re-checks the form', async () => {
    const trip = await create({ trip_date: '2026-12-15 09:00:00' });
    const changed = expectContract(
      endpoints.trips.update,
      await put(`/api/trips/${trip.id}`, driverToken, { description: 'Cambié la descripción.', total_seats: 4, allow_animals: true }),
    ).data;
    expect(changed).toMatchObject({ description: 'Cambié la descripción.', total_seats: 4, seats_available: 4, allow_animals: 1, from_town: 'Rosario' });
    const moved = expectContract(
      endpoints.trips.update,
      await put(`/api/trips/${trip.id}`, driverToken, { points: [point(PLACES.rosario), point(PLACES.mendoza)], trip_date: '2026-12-16 10:30:00' }),
    ).data;
    expect(moved).toMatchObject({ to_town: 'Mendoza', trip_date: '2026-12-16 10:30:00' });
    expect(moved.distance).toBeGreaterThan(changed.distance);

    expectFields(await put(`/api/trips/${trip.id}`, driverToken, { description: '' }), 'description');
    expectFields(await put(`/api/trips/${trip.id}`, driverToken, { trip_date: '2026-11-20 10:00:00' }), 'trip_date');
    expectFields(await put(`/api/trips/${trip.id}`, driverToken, { total_seats: 9 }), 'total_seats');
  });

  it('keeps the seats at or above the passengers aboard and tells them when the trip changes', async () => {
    const trip = await create({ trip_date: '2026-12-17 09:00:00' });
    const riders = [await makeUser(app), await makeUser(app)];
    for (const { user } of riders) await app.db.passenger.create({ data: { trip_id: trip.id, user_id: user.id, request_state: 1 } });
    const errors = expectFields(await put(`/api/trips/${trip.id}`, driverToken, { total_seats: 1 }), 'total_seats');
    expect(errors.total_seats).toEqual(['Ya tenés 2 pasajeros subidos.']);
    const updated = expectContract(endpoints.trips.update, await put(`/api/trips/${trip.id}`, driverToken, { total_seats: 2 })).data;
    expect(updated).toMatchObject({ total_seats: 2, seats_available: 0 });
    await put(`/api/trips/${trip.id}`, driverToken, { trip_date: '2026-12-17 11:00:00' });
    const notes = await app.db.notification.findMany({ where: { user_id: { in: riders.map((r) => r.user.id) }, type: 'trip' } });
    expect(notes).toHaveLength(2);
  });

  it('is the owner\'s alone (access_denied), for upcoming trips (trip_expired)', async () => {
    const trip = await create({ trip_date: '2026-12-18 09:00:00' });
    expectCode(await put(`/api/trips/${trip.id}`, passengerToken, { description: 'Mío.' }), 'access_denied');
    expectCode(await put(`/api/trips/${trip.id}`, adminToken, { description: 'Del admin.' }), 'access_denied');
    expectCode(await put('/api/trips/999999', driverToken, { description: 'Nada.' }), 'trip_not_foound');
    expect((await put(`/api/trips/${trip.id}`, null, { description: 'Nadie.' })).statusCode).toBe(401);
    const past = await insertTrip(app, { userId: driverId, from: PLACES.rosario, to: PLACES.cordoba, date: '2026-11-20 09:00:00' });
    expectCode(await put(`/api/trips/${past.id}`, driverToken, { description: 'Tarde.' }), 'trip_expired');
  });
});

describe('DELETE /api/trips/:id', () => {
  it('cancels the trip and its requests, and notifies those passengers', async () => {
    const trip = await create({ trip_date: '2026-12-19 09:00:00' });
    const [aboard, pending, rejected] = [await makeUser(app), await makeUser(app), await makeUser(app)];
    await app.db.passenger.createMany({
      data: [
        { trip_id: trip.id, user_id: aboard.user.id, request_state: 1 },
        { trip_id: trip.id, user_id: pending.user.id, request_state: 0 },
        { trip_id: trip.id, user_id: rejected.user.id, request_state: 2 },
      ],
    });
    expectCode(await del(`/api/trips/${trip.id}`, passengerToken), 'access_denied');
    expect((await del(`/api/trips/${trip.id}`, null)).statusCode).toBe(401);
    const response = await del(`/api/trips/${trip.id}`, driverToken);
    expect(expectContract(endpoints.trips.delete, response)).toEqual({ data: 'ok' });

    const stored = await app.db.trip.findUniqueOrThrow({ where: { id: trip.id }, include: { passengers: true } });
    expect(stored.deleted_at).not.toBeNull();
    expect(Object.fromEntries(stored.passengers.map((p) => [p.user_id, p.request_state]))).toEqual({
      [aboard.user.id]: 3,
      [pending.user.id]: 3,
      [rejected.user.id]: 2,
    });
    const notes = await app.db.notification.findMany({ where: { type: 'trip', extras: { contains: `"trip_id":${trip.id}` } } });
    expect(notes.map((n) => n.user_id).sort()).toEqual([aboard.user.id, pending.user.id].sort());
    expect(notes[0]!.text).toMatch(/canceló el viaje a Córdoba del 19\/12 a las 09:00/);

    expectCode(await get(`/api/trips/${trip.id}`, driverToken), 'trip_not_foound');
    expectCode(await del(`/api/trips/${trip.id}`, driverToken), 'trip_not_foound');
  });

  it("refuses admins (access_denied) and trips that already left (trip_expired)", async () => {
    const trip = await create({ trip_date: '2026-12-24 09:00:00' });
    expectCode(await del(`/api/trips/${trip.id}`, adminToken), 'access_denied');
    const past = await insertTrip(app, { userId: driverId, from: PLACES.rosario, to: PLACES.cordoba, date: '2026-11-21 09:00:00' });
    expectCode(await del(`/api/trips/${past.id}`, driverToken), 'trip_expired');
    expectCode(await post(`/api/trips/${past.id}/changeSeats`, driverToken, { increment: 1 }), 'trip_expired');
  });
});

describe('POST /api/trips/:id/changeSeats', () => {
  it('steps the seats within 1–4 and not below the passengers aboard', async () => {
    const trip = await create({ trip_date: '2026-12-20 09:00:00', total_seats: 3 });
    const url = `/api/trips/${trip.id}/changeSeats`;
    const up = expectContract(endpoints.trips.changeSeats, await post(url, driverToken, { increment: 1 })).data;
    expect(up).toMatchObject({ total_seats: 4, seats_available: 4 });
    expectCode(await post(url, driverToken, { increment: 1 }), 'trip_seats_less_than_four');

    for (let i = 0; i < 3; i++) await post(url, driverToken, { increment: -1 });
    expectCode(await post(url, driverToken, { increment: -1 }), 'trip_seats_greater_than_zero');

    const { user } = await makeUser(app);
    await app.db.passenger.create({ data: { trip_id: trip.id, user_id: user.id, request_state: 4 } });
    await post(url, driverToken, { increment: 1 });
    const two = expectContract(endpoints.trips.show, await get(`/api/trips/${trip.id}`, driverToken)).data;
    expect(two).toMatchObject({ total_seats: 2, seats_available: 1, passenger_count: 1 });
    const { user: second } = await makeUser(app);
    await app.db.passenger.create({ data: { trip_id: trip.id, user_id: second.id, request_state: 1 } });
    expectCode(await post(url, driverToken, { increment: -1 }), 'trip_invalid_seats');
  });

  it('refuses other steps, other users and guests', async () => {
    const trip = await create({ trip_date: '2026-12-21 09:00:00' });
    const url = `/api/trips/${trip.id}/changeSeats`;
    expectFields(await post(url, driverToken, { increment: 2 }), 'increment');
    expectFields(await post(url, driverToken, {}), 'increment');
    expectCode(await post(url, passengerToken, { increment: 1 }), 'access_denied');
    expect((await post(url, null, { increment: 1 })).statusCode).toBe(401);
    expectCode(await post('/api/trips/999999/changeSeats', driverToken, { increment: 1 }), 'trip_not_foound');
  });
});

describe('POST /api/trips/:id/change-visibility', () => {
  it('lets admins hide and show a trip', async () => {
    const trip = await create({ trip_date: '2026-12-22 09:00:00' });
    const url = `/api/trips/${trip.id}/change-visibility`;
    expect(expectContract(endpoints.trips.changeVisibility, await post(url, adminToken)).data.hidden).toBe(1);
    expectCode(await get(`/api/trips/${trip.id}`, passengerToken), 'trip_not_foound');
    expect(expectContract(endpoints.trips.changeVisibility, await post(url, adminToken)).data.hidden).toBe(0);
    expect((await get(`/api/trips/${trip.id}`, passengerToken)).statusCode).toBe(200);
  });

  it('is for admins only', async () => {
    const trip = await create({ trip_date: '2026-12-23 09:00:00' });
    const url = `/api/trips/${trip.id}/change-visibility`;
    expectCode(await post(url, driverToken), 'forbidden', 403);
    expect((await post(url, null)).statusCode).toBe(401);
    expectCode(await post('/api/trips/999999/change-visibility', adminToken), 'trip_not_foound');
  });
});
