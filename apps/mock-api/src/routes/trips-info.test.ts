import { MAX_PRICE_EXTRA_PERCENTAGE, endpoints, estimatedTime, haversineMetres } from '@carpool/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, expectContract } from '../../test/helper';
import { PLACES, buildWithDemoSessions, insertTrip, makeUser, point, tripBody, withConfig } from '../../test/trips';
import { searchWords } from '../services/place-service';

let app: FastifyInstance;
let driverToken: string;
let passengerToken: string;
let adminToken: string;
let driverId: number;
let passengerId: number;

beforeAll(async () => {
  ({ app, driverToken, passengerToken, adminToken, driverId, passengerId } = await buildWithDemoSessions());
});

const get = (url: string, token: string | null = null) => app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const post = (url: string, token: string | null, payload: unknown) =>
  app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, payload: payload as object });

async function places(query: string) {
  const response = await get(`/api/trips/autocomplete?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return expectContract(endpoints.trips.autocomplete, response).nodes_geos;
}

describe('GET /api/trips/autocomplete', () => {
  it('answers what a scan of every place in rank order answers, for short, long, rare and several-word prefixes', async () => {
    const rows = await app.db.place.findMany();
    rows.sort((a, b) => b.importance + b.usage - (a.importance + a.usage) || a.name.localeCompare(b.name, 'es'));
    const scan = (text: string) => {
      const tokens = searchWords(text);
      return rows
        .filter((p) => p.country === 'AR')
        .filter((p) => tokens.every((token) => searchWords(`${p.name} ${p.province}`).some((word) => word.startsWith(token))))
        .slice(0, 5)
        .map((p) => p.id);
    };
    for (const text of ['r', 'ro', 'ros', 'rosa', 'río', 'la p', 'san c', 'san carlos de b', 'mar del', 'jun', 'bue', 'c', 'tucuman', 'zzz', 'villa gen bel']) {
      const expected = scan(text);
      expect((await places(`name=${encodeURIComponent(text)}`)).map((p) => p.id), text).toEqual(expected);
    }
  });

  it('matches word prefixes without accents or case, best ranked first, at most 5', async () => {
    const cordoba = await places('name=cordoba');
    // The country is the provider's alpha-3 (its NodeGeo rows), which its clients compare with osm_country.
    expect(cordoba[0]).toMatchObject({ id: PLACES.cordoba.id, name: 'Córdoba', state: 'Córdoba', country: 'ARG', type: 'city' });
    expect(cordoba).toHaveLength(5);
    const importance = cordoba.map((p) => p.importance);
    expect([...importance].sort((a, b) => b - a)).toEqual(importance);
    expect((await places('name=C%C3%93RDOBA'))[0]!.id).toBe(PLACES.cordoba.id);
    expect((await places('name=bariloche'))[0]).toMatchObject({ name: 'San Carlos de Bariloche', state: 'Río Negro' });
    expect((await places('name=san%20carlos%20de%20b'))[0]!.name).toBe('San Carlos de Bariloche');
    // Province words count: "santa fe" finds Rosario, a city of Santa Fe.
    expect((await places('name=rosario%20santa'))[0]!.id).toBe(PLACES.rosario.id);
    expect(await places('name=zzzqqq')).toEqual([]);
  });

  it('keeps to the configured country unless multicountry, or to the country asked for', async () => {
    const home = await places('name=asuncion');
    expect(home.every((p) => p.country === 'ARG')).toBe(true);
    expect(await places('name=asuncion&country=ARG')).toEqual(home);
    const anywhere = await places('name=asuncion&multicountry=true');
    expect(anywhere[0]).toMatchObject({ name: 'Asunción', country: 'PRY' });
    expect((await places('name=asuncion&country=PY'))[0]!.name).toBe('Asunción');
    expect((await places('name=montevideo&country=uy'))[0]!.country).toBe('URY');
    const salto = await places('name=salto&multicountry=1');
    expect(salto[0]).toMatchObject({ name: 'Salto', country: 'URY' });
    expect(salto.some((p) => p.country === 'ARG')).toBe(true);
  });

  it('answers field errors for a missing, empty, too long or odd query', async () => {
    for (const query of ['', 'name=', `name=${'a'.repeat(101)}`, 'name=rosario&country=ARGENTINA', 'name=rosario&multicountry=maybe']) {
      const response = await get(`/api/trips/autocomplete?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(Object.keys(response.json().errors).length, query).toBeGreaterThan(0);
    }
  });
});

describe('POST /api/trips/price and /api/trips/trip-info', () => {
  const route = { points: [PLACES.buenosAires, PLACES.rosario].map(({ lat, lng }) => ({ lat, lng })) };

  it("answers distance, duration, CO2, the spec's recommended price and the provider's maximum (15 % above)", async () => {
    const price = expectContract(endpoints.trips.price, await post('/api/trips/price', driverToken, route)).data;
    // trip-info: the same figures in the provider's envelope (TripRepository).
    const tripInfo = expectContract(endpoints.trips.tripInfo, await post('/api/trips/trip-info', driverToken, route));
    expect(tripInfo).toMatchObject({ status: true, message: 'Route found' });
    if (!tripInfo.status) throw new Error('no route');
    for (const info of [price, tripInfo.data]) {
      const distance = Math.round(haversineMetres(PLACES.buenosAires, PLACES.rosario) * 1.3);
      expect(info.distance).toBe(distance);
      expect(info.duration).toBe(Math.round((distance / 1000 / 80) * 3600));
      expect(info.co2).toBeCloseTo((distance / 1000) * 1.5, 1);
      expect(info.route_needs_payment).toBe(false);
      // fuel = km × 1500 ARS per litre / 10 km per litre; tolls 10 %; the provider's maximum, 15 % above.
      const fuel = Math.round((distance / 1000) * (1500 / 10) * 100);
      const tolls = Math.round(fuel * 0.1);
      expect(info.recommended_trip_price_cents).toBe(fuel + tolls);
      expect(info.maximum_trip_price_cents).toBe(Math.round((fuel + tolls) * (1 + MAX_PRICE_EXTRA_PERCENTAGE / 100)));
    }
  });

  it("gives the seeded trips the server's own route and recommended price for their points", async () => {
    const seeded = await app.db.trip.findMany({
      where: { deleted_at: null, points: { some: { position: 2 } } },
      include: { points: { orderBy: { position: 'asc' } } },
      take: 3,
    });
    seeded.push(...(await app.db.trip.findMany({ where: { deleted_at: null }, include: { points: { orderBy: { position: 'asc' } } }, take: 5 })));
    expect(seeded.length).toBe(8);
    for (const trip of seeded) {
      const points = trip.points.map(({ lat, lng }) => ({ lat, lng }));
      const quoted = expectContract(endpoints.trips.price, await post('/api/trips/price', driverToken, { points })).data;
      expect({ distance: trip.distance, estimated_time: trip.estimated_time, recommended: trip.recommended_trip_price_cents }, `trip ${trip.id}`).toEqual({
        distance: quoted.distance,
        estimated_time: estimatedTime(quoted.duration),
        recommended: quoted.recommended_trip_price_cents,
      });
    }
  });

  it('adds the creation fee when the next trip would need it', async () => {
    await withConfig(app, { module_trip_creation_payment_enabled: true }, async () => {
      const driver = expectContract(endpoints.trips.price, await post('/api/trips/price', driverToken, route)).data;
      expect(driver.route_needs_payment).toBe(true);
      const { token } = await makeUser(app);
      const newcomer = expectContract(endpoints.trips.price, await post('/api/trips/price', token, route)).data;
      expect(newcomer.route_needs_payment).toBe(false);
      expect(driver.recommended_trip_price_cents - newcomer.recommended_trip_price_cents).toBe(150_000);
      expect(driver.maximum_trip_price_cents - newcomer.maximum_trip_price_cents).toBe(150_000);
    });
  });

  it('needs a session and a route of 2 to 10 valid points', async () => {
    expect((await post('/api/trips/price', null, route)).statusCode).toBe(401);
    expect((await post('/api/trips/trip-info', null, route)).statusCode).toBe(401);
    for (const body of [{}, { points: [route.points[0]] }, { points: [{ lat: 95, lng: 0 }, route.points[1]] }, { points: 'a to b' }, { points: Array(11).fill(route.points[0]) }]) {
      const response = await post('/api/trips/price', driverToken, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors.points ?? response.json().errors['points.0.lat']).toEqual(expect.arrayContaining([expect.any(String)]));
    }
  });

  it('answers a route outside the road network: 200 status false routing_service_unavailable (trip-info), 422 (price)', async () => {
    // Madrid is outside the South America extract the estimate routes on.
    const abroad = { points: [route.points[0]!, { lat: 40.4168, lng: -3.7038 }] };
    const info = expectContract(endpoints.trips.tripInfo, await post('/api/trips/trip-info', driverToken, abroad));
    expect(info).toEqual({ status: false, error_code: 'routing_service_unavailable', message: expect.any(String) });
    const price = await post('/api/trips/price', driverToken, abroad);
    expect(price.statusCode).toBe(422);
    expect(price.json().errors.error).toBe('routing_service_unavailable');
  });
});

describe('GET /api/users/sellado-viaje', () => {
  it('tells the free trips and how many the user has published, in the provider\'s {success, data}', async () => {
    const driverTrips = await app.db.trip.count({ where: { user_id: driverId, is_passenger: false, deleted_at: null } });
    expect(expectContract(endpoints.trips.sealingInfo, await get('/api/users/sellado-viaje', driverToken))).toEqual({
      success: true,
      data: {
        trip_creation_payment_enabled: false,
        free_trips_amount: 2,
        trips_created_by_user_amount: driverTrips,
        user_over_free_limit: true,
      },
    });
    expect((await get('/api/users/sellado-viaje')).statusCode).toBe(401);
  });
});

describe('GET /api/trips/:id/matchers', () => {
  it("lists the users whose subscriptions or other-kind trips match the owner's trip", async () => {
    const trip = expectContract(endpoints.trips.create, await post('/api/trips', driverToken, tripBody({ trip_date: '2026-12-05 08:00:00', points: [point(PLACES.rosario), point(PLACES.cordoba)] }))).data;
    const [subscriber, seeker, farSeeker, otherDay, aboard] = [await makeUser(app), await makeUser(app), await makeUser(app), await makeUser(app), await makeUser(app)];
    // A search alert for a driver from Funes (about 14 km from Rosario) to Córdoba, any day.
    await app.db.subscription.create({
      data: { user_id: subscriber.user.id, from_lat: PLACES.funes.lat, from_lng: PLACES.funes.lng, from_radio: 5_000, to_lat: PLACES.cordoba.lat, to_lng: PLACES.cordoba.lng, to_radio: 5_000, is_passenger: false },
    });
    await insertTrip(app, { userId: seeker.user.id, from: PLACES.funes, to: PLACES.cordoba, date: '2026-12-05 15:00:00', isPassenger: true });
    await insertTrip(app, { userId: farSeeker.user.id, from: PLACES.funes, to: PLACES.mendoza, date: '2026-12-05 15:00:00', isPassenger: true });
    await insertTrip(app, { userId: otherDay.user.id, from: PLACES.rosario, to: PLACES.cordoba, date: '2026-12-06 15:00:00', isPassenger: true });
    await insertTrip(app, { userId: aboard.user.id, from: PLACES.rosario, to: PLACES.cordoba, date: '2026-12-05 15:00:00', isPassenger: true });
    await app.db.passenger.create({ data: { trip_id: trip.id, user_id: aboard.user.id, request_state: 1 } });

    const response = await get(`/api/trips/${trip.id}/matchers`, driverToken);
    const ids = expectContract(endpoints.trips.matchers, response).data.map((u) => u.id);
    expect(ids).toEqual(expect.arrayContaining([subscriber.user.id, seeker.user.id]));
    expect(ids).not.toContain(farSeeker.user.id);
    expect(ids).not.toContain(otherDay.user.id);
    expect(ids).not.toContain(aboard.user.id);
    expect(ids).not.toContain(driverId);
    // A narrower radius leaves out what is 14 km away.
    const narrow = expectContract(endpoints.trips.matchers, await get(`/api/trips/${trip.id}/matchers?radius=5000`, driverToken)).data;
    expect(narrow.map((u) => u.id)).not.toContain(seeker.user.id);
  });

  it("is the owner's alone", async () => {
    const trip = await app.db.trip.findFirstOrThrow({ where: { user_id: driverId, deleted_at: null } });
    const other = await get(`/api/trips/${trip.id}/matchers`, passengerToken);
    expect(other.statusCode).toBe(422);
    expect(other.json().errors.error).toBe('access_denied');
    expect((await get(`/api/trips/${trip.id}/matchers`)).statusCode).toBe(401);
    expect((await get('/api/trips/999999/matchers', driverToken)).json().errors.error).toBe('trip_not_foound');
    expect((await get(`/api/trips/${trip.id}/matchers?radius=10`, driverToken)).statusCode).toBe(422);
  });
});

describe('GET /api/users/get-trips and get-old-trips', () => {
  const now = () => app.clock.now().getTime();
  const dateOf = (trip: { trip_date: string }) => new Date(`${trip.trip_date.replace(' ', 'T')}-03:00`).getTime();

  it("lists the user's own upcoming and past trips, as driver and as passenger", async () => {
    const upcoming = expectContract(endpoints.users.trips, await get('/api/users/get-trips', driverToken)).data;
    expect(upcoming.length).toBeGreaterThan(3);
    for (const trip of upcoming) {
      expect(trip.user_id).toBe(driverId);
      expect(dateOf(trip)).toBeGreaterThan(now());
    }
    expect(upcoming.map(dateOf)).toEqual([...upcoming.map(dateOf)].sort((a, b) => a - b));
    const old = expectContract(endpoints.users.oldTrips, await get('/api/users/get-old-trips', driverToken)).data;
    expect(old.length).toBeGreaterThan(0);
    for (const trip of old) expect(dateOf(trip)).toBeLessThan(now());
    expect(old.map(dateOf)).toEqual([...old.map(dateOf)].sort((a, b) => b - a));

    const riding = expectContract(endpoints.users.trips, await get('/api/users/get-trips?as_driver=false', passengerToken)).data;
    expect(riding.length).toBeGreaterThan(0);
    for (const trip of riding) expect(trip.passenger?.some((p) => p.id === passengerId)).toBe(true);
    expect((await get('/api/users/get-trips')).statusCode).toBe(401);
  });

  it("answers another user's trips to admins only; anyone else gets their own, as the provider", async () => {
    const friendsOnly = await insertTrip(app, { userId: driverId, from: PLACES.rosario, to: PLACES.mendoza, date: '2026-12-07 09:00:00', friendship: 0 });
    const { token: stranger, user } = await makeUser(app);
    const own = await insertTrip(app, { userId: user.id, from: PLACES.cordoba, to: PLACES.mendoza, date: '2026-12-08 09:00:00' });
    for (const url of [`/api/users/get-trips?user_id=${driverId}`, `/api/users/get-trips?user_id=${passengerId}&as_driver=false`, `/api/users/get-old-trips?user_id=${driverId}`]) {
      const answer = await get(url, stranger);
      expect(answer.statusCode, url).toBe(200);
      const trips = expectContract(endpoints.users.trips, answer).data;
      expect(trips.map((t) => t.id), url).toEqual(url.includes('get-trips?user_id=' + driverId) ? [own.id] : []);
    }
    const asAdmin = expectContract(endpoints.users.trips, await get(`/api/users/get-trips?user_id=${driverId}`, adminToken)).data;
    expect(asAdmin.map((t) => t.id)).toContain(friendsOnly.id);
    expect(asAdmin.every((t) => t.user_id === driverId)).toBe(true);
    const riding = expectContract(endpoints.users.trips, await get(`/api/users/get-trips?user_id=${passengerId}&as_driver=false`, adminToken)).data;
    expect(riding.length).toBeGreaterThan(0);
    expect((await get(`/api/users/get-old-trips?user_id=${driverId}`, adminToken)).json().data.length).toBeGreaterThan(0);
    expect((await get('/api/users/get-trips?user_id=abc', stranger)).statusCode).toBe(422);
  });
});
