import { endpoints, type Subscription, type SubscriptionBody } from '@carpool/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, build, expectContract, login } from '../../test/helper';
import { PLACES, makeUser, point, tripBody, userIdOf, withConfig, type TestPlace } from '../../test/trips';

let app: FastifyInstance;
let driverToken: string;
let passengerToken: string;
let driverId: number;

beforeAll(async () => {
  app = await build();
  driverToken = await login(app, DEMO.driver);
  passengerToken = await login(app, DEMO.passenger);
  driverId = await userIdOf(app, DEMO.driver.email);
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | null, payload?: unknown) =>
  app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

const end = (prefix: 'from' | 'to', place: TestPlace, radius = 20_000) => ({
  [`${prefix}_address`]: `${place.name}, ${place.province}`,
  [`${prefix}_lat`]: place.lat,
  [`${prefix}_lng`]: place.lng,
  [`${prefix}_radio`]: radius,
  [`${prefix}_id`]: place.id,
  [`${prefix}_json_address`]: { ciudad: place.name, provincia: place.province },
});

const alert = (from: TestPlace | null, to: TestPlace | null, extra: Partial<SubscriptionBody> = {}): SubscriptionBody => ({
  trip_date: null,
  is_passenger: false,
  ...(from ? end('from', from) : {}),
  ...(to ? end('to', to) : {}),
  ...extra,
});

async function subscribe(token: string, body: SubscriptionBody): Promise<Subscription> {
  const response = await call('POST', '/api/subscriptions', token, body);
  expect(response.statusCode, response.body).toBe(200);
  return expectContract(endpoints.subscriptions.create, response).data;
}

async function publish(body: Parameters<typeof tripBody>[0], token = driverToken) {
  const response = await call('POST', '/api/trips', token, tripBody(body));
  expect(response.statusCode, response.body).toBe(200);
  return expectContract(endpoints.trips.create, response).data;
}

const notificationsOf = (userId: number) => app.db.notification.findMany({ where: { user_id: userId, type: 'subscription' }, orderBy: { id: 'asc' } });

describe('subscriptions CRUD', () => {
  it('saves, lists, shows, changes and deletes a search alert', async () => {
    const { token } = await makeUser(app);
    const saved = await subscribe(token, alert(PLACES.mendoza, PLACES.posadas, { trip_date: '2026-12-10' }));
    expect(saved).toMatchObject({
      // The provider's model casts: ISO 8601 in UTC (midnight in Argentina is 03:00 UTC).
      trip_date: '2026-12-10T03:00:00.000000Z',
      from_address: 'Mendoza, Mendoza',
      from_lat: PLACES.mendoza.lat,
      from_radio: 20_000,
      from_id: PLACES.mendoza.id,
      from_json_address: { ciudad: 'Mendoza', provincia: 'Mendoza' },
      to_id: PLACES.posadas.id,
      is_passenger: 0,
      state: 1,
      matches_count: 0,
    });
    expect(saved.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
    const list = expectContract(endpoints.subscriptions.list, await call('GET', '/api/subscriptions', token)).data;
    expect(list.map((s) => s.id)).toEqual([saved.id]);
    expect(list[0]!.trip_date).toBe('2026-12-10T03:00:00.000000Z');
    expect(expectContract(endpoints.subscriptions.show, await call('GET', `/api/subscriptions/${saved.id}`, token)).data.id).toBe(saved.id);

    const changed = expectContract(
      endpoints.subscriptions.update,
      await call('PUT', `/api/subscriptions/${saved.id}`, token, { trip_date: null, is_passenger: true, to_address: null }),
    ).data;
    expect(changed).toMatchObject({ trip_date: null, is_passenger: 1, to_address: null, to_lat: null, to_radio: null, from_id: PLACES.mendoza.id });

    const paused = expectContract(endpoints.subscriptions.update, await call('PUT', `/api/subscriptions/${saved.id}`, token, { state: false })).data;
    expect(paused.state).toBe(0);
    expect(expectContract(endpoints.subscriptions.list, await call('GET', '/api/subscriptions', token)).data).toEqual([]);

    expect(expectContract(endpoints.subscriptions.delete, await call('DELETE', `/api/subscriptions/${saved.id}`, token))).toEqual({ data: 'ok' });
    expect((await call('GET', `/api/subscriptions/${saved.id}`, token)).json().errors.error).toBe('model_not_found');
  });

  it("keeps each user's alerts to themselves (model_not_found) and needs a session", async () => {
    const { token } = await makeUser(app);
    const saved = await subscribe(token, alert(PLACES.mendoza, PLACES.cordoba));
    for (const [method, payload] of [['GET', undefined], ['PUT', { state: false }], ['DELETE', undefined]] as const) {
      const response = await call(method, `/api/subscriptions/${saved.id}`, passengerToken, payload);
      expect(response.statusCode, method).toBe(422);
      expect(response.json().errors.error, method).toBe('model_not_found');
      expect((await call(method, `/api/subscriptions/${saved.id}`, null, payload)).statusCode, method).toBe(401);
    }
    expect((await call('GET', '/api/subscriptions', null)).statusCode).toBe(401);
    expect((await call('POST', '/api/subscriptions', null, alert(PLACES.mendoza, null))).statusCode).toBe(401);
    expect((await call('GET', '/api/subscriptions/999999', token)).json().errors.error).toBe('model_not_found');
    const admin = await login(app, DEMO.admin);
    expect((await call('GET', `/api/subscriptions/${saved.id}`, admin)).json().errors.error).toBe('model_not_found');
  });

  it('refuses an exact duplicate with subscription_exist as the first errors.error entry', async () => {
    const { token } = await makeUser(app);
    await subscribe(token, alert(PLACES.rosario, PLACES.mendoza, { trip_date: '2026-12-01' }));
    const again = await call('POST', '/api/subscriptions', token, alert(PLACES.rosario, PLACES.mendoza, { trip_date: '2026-12-01 00:00:00' }));
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ message: 'subscription_exist', errors: { error: ['subscription_exist'] } });
    // The ISO 8601 date the answers carry names the same day.
    const echoed = await call('POST', '/api/subscriptions', token, alert(PLACES.rosario, PLACES.mendoza, { trip_date: '2026-12-01T03:00:00.000000Z' }));
    expect(echoed.json().errors.error).toEqual(['subscription_exist']);
    // Another day, kind or end is another alert.
    await subscribe(token, alert(PLACES.rosario, PLACES.mendoza, { trip_date: '2026-12-02' }));
    await subscribe(token, alert(PLACES.rosario, PLACES.mendoza, { trip_date: '2026-12-01', is_passenger: true }));
    const other = await subscribe(token, alert(PLACES.rosario, null, { trip_date: '2026-12-01' }));
    const copy = await call('PUT', `/api/subscriptions/${other.id}`, token, end('to', PLACES.mendoza));
    expect(copy.json().errors.error).toEqual(['subscription_exist']);
  });

  it('answers field errors for missing ends, past or bad days, wrong types and sizes', async () => {
    const { token } = await makeUser(app);
    const cases: [unknown, string][] = [
      [alert(null, null), 'from_address'],
      [alert(PLACES.rosario, null, { trip_date: '2026-11-21' }), 'trip_date'],
      [alert(PLACES.rosario, null, { trip_date: '2029-01-01' }), 'trip_date'],
      [alert(PLACES.rosario, null, { trip_date: '2026-02-30' }), 'trip_date'],
      [alert(PLACES.rosario, null, { trip_date: '01/12/2026' }), 'trip_date'],
      [alert(PLACES.rosario, null, { trip_date: '2026-11-21T12:00:00.000000Z' }), 'trip_date'],
      [alert(PLACES.rosario, null, { trip_date: '2026-12-01T25:00:00Z' }), 'trip_date'],
      [{ ...alert(PLACES.rosario, null), from_lat: undefined }, 'from_lat'],
      [{ ...alert(null, PLACES.rosario), to_lng: null }, 'to_lng'],
      [{ ...alert(PLACES.rosario, null), from_radio: 600_000 }, 'from_radio'],
      [{ ...alert(PLACES.rosario, null), from_lat: 'north' }, 'from_lat'],
      [{ ...alert(PLACES.rosario, null), from_address: 'x'.repeat(256) }, 'from_address'],
      [{ ...alert(PLACES.rosario, null), is_passenger: 'maybe' }, 'is_passenger'],
    ];
    for (const [body, field] of cases) {
      const response = await call('POST', '/api/subscriptions', token, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors[field], `${field}: ${response.body}`).toEqual(expect.arrayContaining([expect.any(String)]));
    }
    // Today is still fine.
    await subscribe(token, alert(PLACES.rosario, null, { trip_date: '2026-11-22' }));
  });
});

describe('an address without its radius', () => {
  it('is saved as the provider does (SubscriptionsManager::validator), and matched within the default radius', async () => {
    const watcher = await makeUser(app);
    const body = { ...alert(PLACES.buenosAires, PLACES.posadas), from_radio: undefined, to_radio: undefined };
    const saved = await subscribe(watcher.token, body);
    expect(saved).toMatchObject({ from_radio: null, to_radio: null, from_id: PLACES.buenosAires.id });
    const changed = expectContract(
      endpoints.subscriptions.update,
      await call('PUT', `/api/subscriptions/${saved.id}`, watcher.token, { ...end('to', PLACES.cordoba), to_radio: undefined }),
    ).data;
    expect(changed).toMatchObject({ to_radio: null, to_id: PLACES.cordoba.id });
    // ~700 m from the alert's points (other places: no node id of the alert's): inside the default 1 km.
    const near = (place: TestPlace) => ({ ...point(place), lat: place.lat + 0.0063, node_id: null });
    await publish({ trip_date: '2026-12-22 08:00:00', points: [near(PLACES.buenosAires), near(PLACES.cordoba)] });
    expect(await notificationsOf(watcher.user.id)).toHaveLength(1);
    // ~2 km away is outside it.
    const far = (place: TestPlace) => ({ ...point(place), lat: place.lat + 0.018, node_id: null });
    await publish({ trip_date: '2026-12-23 08:00:00', points: [far(PLACES.buenosAires), far(PLACES.cordoba)] });
    expect(await notificationsOf(watcher.user.id)).toHaveLength(1);
  });
});

describe('matching new trips against alerts', () => {
  it('records a match and notifies for trips of the same kind, day and ends within the radii', async () => {
    const anyDay = await makeUser(app);
    const sameDay = await makeUser(app);
    const otherDay = await makeUser(app);
    const wantsPassengers = await makeUser(app);
    const farAway = await makeUser(app);
    const alerts = {
      anyDay: await subscribe(anyDay.token, alert(PLACES.funes, PLACES.carlosPaz, { from_radio: 20_000, to_radio: 30_000 } as Partial<SubscriptionBody>)),
      sameDay: await subscribe(sameDay.token, alert(PLACES.rosario, PLACES.cordoba, { trip_date: '2026-12-12' })),
      otherDay: await subscribe(otherDay.token, alert(PLACES.rosario, PLACES.cordoba, { trip_date: '2026-12-13' })),
      wantsPassengers: await subscribe(wantsPassengers.token, alert(PLACES.rosario, PLACES.cordoba, { is_passenger: true })),
      farAway: await subscribe(farAway.token, alert(PLACES.rosario, PLACES.carlosPaz, { to_radio: 5_000 } as Partial<SubscriptionBody>)),
    };
    const before = {
      anyDay: alerts.anyDay.matches_count!,
      sameDay: alerts.sameDay.matches_count!,
    };

    const trip = await publish({ trip_date: '2026-12-12 23:30:00', points: [point(PLACES.rosario), point(PLACES.cordoba)] });

    const [anyDayNotes, sameDayNotes] = [await notificationsOf(anyDay.user.id), await notificationsOf(sameDay.user.id)];
    expect(anyDayNotes).toHaveLength(1);
    expect(anyDayNotes[0]).toMatchObject({ text: 'Hay un nuevo viaje de Rosario a Córdoba que coincide con tu búsqueda.', readed: false });
    expect(JSON.parse(anyDayNotes[0]!.extras)).toEqual({ trip_id: trip.id, subscription_id: alerts.anyDay.id });
    expect(sameDayNotes).toHaveLength(1);
    for (const user of [otherDay, wantsPassengers, farAway]) expect(await notificationsOf(user.user.id)).toEqual([]);

    const count = async (token: string, id: number) =>
      expectContract(endpoints.subscriptions.show, await call('GET', `/api/subscriptions/${id}`, token)).data.matches_count;
    expect(await count(anyDay.token, alerts.anyDay.id)).toBe(before.anyDay + 1);
    expect(await count(sameDay.token, alerts.sameDay.id)).toBe(before.sameDay + 1);
    expect(await app.db.subscriptionMatch.count({ where: { trip_id: trip.id } })).toBe(2);

    // A cancelled trip no longer counts.
    await call('DELETE', `/api/trips/${trip.id}`, driverToken);
    expect(await count(sameDay.token, alerts.sameDay.id)).toBe(before.sameDay);
  });

  it('matches a trip through both places at intermediate stops, in order, as the provider does by place ids', async () => {
    const { user, token } = await makeUser(app);
    const saved = await subscribe(token, alert(PLACES.funes, PLACES.carlosPaz, { trip_date: '2026-12-16' }));
    // Buenos Aires → Funes → Villa Carlos Paz → Mendoza: neither end is near the alert's, the stops are.
    const through = await publish({
      trip_date: '2026-12-16 07:00:00',
      points: [point(PLACES.buenosAires), point(PLACES.funes), point(PLACES.carlosPaz), point(PLACES.mendoza)],
    });
    const notes = await notificationsOf(user.id);
    expect(notes).toHaveLength(1);
    expect(JSON.parse(notes[0]!.extras)).toEqual({ trip_id: through.id, subscription_id: saved.id });
    // The same stops the other way round are no match.
    await publish({ trip_date: '2026-12-16 09:00:00', points: [point(PLACES.mendoza), point(PLACES.carlosPaz), point(PLACES.funes), point(PLACES.buenosAires)] });
    expect(await notificationsOf(user.id)).toHaveLength(1);
    // Saved again later, the alert counts the trip through both places among the trips already published.
    const other = await makeUser(app);
    const late = await subscribe(other.token, alert(PLACES.funes, PLACES.carlosPaz, { trip_date: '2026-12-16' }));
    expect(late.matches_count).toBe(1);
    expect(await app.db.subscriptionMatch.findMany({ where: { subscription_id: late.id }, select: { trip_id: true } })).toEqual([{ trip_id: through.id }]);
  });

  it('counts the matching trips already published when an alert is saved, without notifying', async () => {
    const { user, token } = await makeUser(app);
    await publish({ trip_date: '2026-12-14 08:00:00', points: [point(PLACES.posadas), point(PLACES.mendoza)] });
    await publish({ trip_date: '2026-12-15 08:00:00', points: [point(PLACES.posadas), point(PLACES.mendoza)] });
    const saved = await subscribe(token, alert(PLACES.posadas, PLACES.mendoza));
    expect(saved.matches_count).toBe(2);
    const dated = await subscribe(token, alert(PLACES.posadas, PLACES.mendoza, { trip_date: '2026-12-15' }));
    expect(dated.matches_count).toBe(1);
    expect(await notificationsOf(user.id)).toEqual([]);
  });

  it("does not tell strangers about friends-only trips, nor the trip's owner, nor about trips waiting for their fee", async () => {
    const stranger = await makeUser(app);
    await subscribe(stranger.token, alert(PLACES.mendoza, PLACES.rosario));
    await subscribe(driverToken, alert(PLACES.mendoza, PLACES.rosario));
    await publish({ trip_date: '2026-12-16 08:00:00', friendship_type_id: 0, points: [point(PLACES.mendoza), point(PLACES.rosario)] });
    expect(await notificationsOf(stranger.user.id)).toEqual([]);
    await publish({ trip_date: '2026-12-17 08:00:00', points: [point(PLACES.mendoza), point(PLACES.rosario)] });
    expect(await notificationsOf(stranger.user.id)).toHaveLength(1);
    expect(await app.db.notification.count({ where: { user_id: driverId, type: 'subscription', text: { contains: 'Mendoza a Rosario' } } })).toBe(0);
    await withConfig(app, { module_trip_creation_payment_enabled: true }, async () => {
      const unpaid = await publish({ trip_date: '2026-12-18 08:00:00', points: [point(PLACES.mendoza), point(PLACES.rosario)] });
      expect(unpaid.state).toBe('awaiting_payment');
      expect(await notificationsOf(stranger.user.id)).toHaveLength(1);
      // Once its fee is paid, the payment flow announces it.
      await app.db.trip.update({ where: { id: unpaid.id }, data: { state: 'paid' } });
      expect(await app.services.trips.onTripPublished(unpaid.id)).toEqual([stranger.user.id]);
    });
    expect(await notificationsOf(stranger.user.id)).toHaveLength(2);
  });

  it('follows a changed trip: a new match is told once, a match that no longer holds is forgotten', async () => {
    const watcher = await makeUser(app);
    const saved = await subscribe(watcher.token, alert(PLACES.posadas, PLACES.cordoba, { trip_date: '2026-12-20' }));
    const anyDay = await subscribe(watcher.token, alert(PLACES.posadas, PLACES.cordoba, { from_radio: 30_000 } as Partial<SubscriptionBody>));
    const anyDayMatches = () => app.db.subscriptionMatch.count({ where: { subscription_id: anyDay.id } });
    const trip = await publish({ trip_date: '2026-12-20 08:00:00', points: [point(PLACES.posadas), point(PLACES.mendoza)] });
    const matches = () => app.db.subscriptionMatch.count({ where: { subscription_id: saved.id } });
    expect(await matches()).toBe(0);

    const update = async (body: Record<string, unknown>) => {
      const response = await call('PUT', `/api/trips/${trip.id}`, driverToken, body);
      expect(response.statusCode, response.body).toBe(200);
    };
    // The driver now goes to Córdoba: both alerts match and their user is told once.
    await update({ points: [point(PLACES.posadas), point(PLACES.cordoba)] });
    expect(await matches()).toBe(1);
    expect(await anyDayMatches()).toBe(1);
    expect(await notificationsOf(watcher.user.id)).toHaveLength(1);
    // Another change that still matches tells no one again.
    await update({ description: 'Salgo temprano desde la terminal de Posadas.', points: [point(PLACES.posadas), point(PLACES.cordoba)] });
    expect(await notificationsOf(watcher.user.id)).toHaveLength(1);
    // A day later: no longer the dated alert's day, that match goes; the other alert keeps its match.
    await update({ trip_date: '2026-12-21 08:00:00' });
    expect(await matches()).toBe(0);
    expect(await anyDayMatches()).toBe(1);
    expect(await notificationsOf(watcher.user.id)).toHaveLength(1);
  });
});
