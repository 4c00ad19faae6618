import { endpoints } from '@carpool/contracts';
import { describe, expect, it } from 'vitest';
import { HOUR_MS, addRequest, inHours, makeTrip, makeUser } from '../../test/booking';
import { build, expectContract } from '../../test/helper';
import { TEST_SEED } from '../../test/seed-options';
import { haversineMetres } from '../lib/geo';
import { encodePolyline } from '../services/provider-calls-service';

describe('GET /api/users/seat-requests (provider call)', () => {
  it("lists the caller's open requests on trips still to leave, newest first, with their trips", async () => {
    const app = await build();
    const driver = await makeUser(app);
    const rider = await makeUser(app);
    const first = await makeTrip(app, driver.user.id, { date: inHours(24) });
    const second = await makeTrip(app, driver.user.id, { date: inHours(48) });
    const gone = await makeTrip(app, driver.user.id, { date: inHours(-5) });
    const rejected = await makeTrip(app, driver.user.id, { date: inHours(30) });
    const pending = await addRequest(app, first, rider.user.id, 0);
    const accepted = await addRequest(app, second, rider.user.id, 1);
    await app.db.passenger.update({ where: { id: accepted.id }, data: { created_at: new Date(pending.created_at.getTime() + 1000) } });
    await addRequest(app, gone, rider.user.id, 1);
    await addRequest(app, rejected, rider.user.id, 2);

    const response = await app.inject({ method: 'GET', url: '/api/users/seat-requests', headers: rider.headers });
    expect(response.statusCode, response.body).toBe(200);
    const body = expectContract(endpoints.users.seatRequests, response);
    expect(body.data.map((row) => [row.id, row.trip_id, row.request_state])).toEqual([
      [accepted.id, second.id, 1],
      [pending.id, first.id, 0],
    ]);
    expect(body.data[0]!.trip.id).toBe(second.id);
    expect(body.meta.pagination).toMatchObject({ total: 2, count: 2, current_page: 1 });
  });

  it('pages with page_size, refuses a bad page with 422, and needs a session', async () => {
    const app = await build();
    const driver = await makeUser(app);
    const rider = await makeUser(app);
    for (const hours of [24, 25, 26]) await addRequest(app, await makeTrip(app, driver.user.id, { date: inHours(hours) }), rider.user.id);
    const page2 = await app.inject({ method: 'GET', url: '/api/users/seat-requests?page=2&page_size=2', headers: rider.headers });
    expect(expectContract(endpoints.users.seatRequests, page2).data).toHaveLength(1);
    const bad = await app.inject({ method: 'GET', url: '/api/users/seat-requests?page=0', headers: rider.headers });
    expect(bad.statusCode).toBe(422);
    expect((await app.inject({ method: 'GET', url: '/api/users/seat-requests' })).statusCode).toBe(401);
    // Another user sees none of them.
    const other = await app.inject({ method: 'GET', url: '/api/users/seat-requests', headers: driver.headers });
    expect(expectContract(endpoints.users.seatRequests, other).data).toEqual([]);
  });
});

describe('GET /api/users/ongoing-trip (provider call)', () => {
  it('answers {data: null} when nothing is under way, and the trip while it is, for driver and accepted passenger', async () => {
    const app = await build();
    const driver = await makeUser(app);
    const rider = await makeUser(app);
    const pendingRider = await makeUser(app);
    const trip = await makeTrip(app, driver.user.id, { date: inHours(2) });
    await app.db.trip.update({ where: { id: trip.id }, data: { estimated_time: '03:30' } });
    await addRequest(app, trip, rider.user.id, 1);
    await addRequest(app, trip, pendingRider.user.id, 0);
    const ask = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/users/ongoing-trip', headers });

    expect(expectContract(endpoints.users.ongoingTrip, await ask(driver.headers))).toEqual({ data: null });

    app.clock.travelTo(new Date(TEST_SEED.now.getTime() + 3 * HOUR_MS));
    expect(expectContract(endpoints.users.ongoingTrip, await ask(driver.headers)).data?.id).toBe(trip.id);
    expect(expectContract(endpoints.users.ongoingTrip, await ask(rider.headers)).data?.id).toBe(trip.id);
    expect(expectContract(endpoints.users.ongoingTrip, await ask(pendingRider.headers)).data).toBeNull();

    // 2 h + 3 h 30 after now the trip has arrived.
    app.clock.travelTo(new Date(TEST_SEED.now.getTime() + 6 * HOUR_MS));
    expect(expectContract(endpoints.users.ongoingTrip, await ask(driver.headers)).data).toBeNull();
    expect((await app.inject({ method: 'GET', url: '/api/users/ongoing-trip' })).statusCode).toBe(401);
  });

  it('ignores a deleted trip', async () => {
    const app = await build();
    const driver = await makeUser(app);
    await makeTrip(app, driver.user.id, { date: inHours(-0.5), deleted: true });
    const response = await app.inject({ method: 'GET', url: '/api/users/ongoing-trip', headers: driver.headers });
    expect(expectContract(endpoints.users.ongoingTrip, response)).toEqual({ data: null });
  });
});

describe('GET /api/changelog and /api/changelogs (provider calls)', () => {
  it('answers the notes of a known version, 404 for an unknown one, and every note newest first', async () => {
    const app = await build();
    const rows = await app.db.changelog.findMany({ orderBy: { released_at: 'desc' } });
    expect(rows.length).toBeGreaterThan(0);
    const known = expectContract(endpoints.changelogs.show, await app.inject({ method: 'GET', url: `/api/changelog?version=${rows[0]!.version}` }));
    expect(known.data).toEqual({ version: rows[0]!.version, released_at: expect.any(String), changes: JSON.parse(rows[0]!.changes) });
    const unknown = await app.inject({ method: 'GET', url: '/api/changelog?version=9.9.9' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors.error).toBe('model_not_found');
    expect((await app.inject({ method: 'GET', url: '/api/changelog' })).statusCode).toBe(422);
    // A new release shows up: the answers come from the table.
    await app.db.changelog.create({ data: { version: '9.9.9', released_at: new Date('2030-01-01T00:00:00Z'), changes: JSON.stringify(['Nueva']) } });
    const list = expectContract(endpoints.changelogs.list, await app.inject({ method: 'GET', url: '/api/changelogs' }));
    expect(list.data.map((entry) => entry.version)).toEqual(['9.9.9', ...rows.map((row) => row.version)]);
  });
});

describe('GET /api/users/:id/badges (provider call)', () => {
  it('gives the badges whose rule the user meets, from their data', async () => {
    const app = await build();
    const newcomer = await makeUser(app);
    const ask = (id: number) => app.inject({ method: 'GET', url: `/api/users/${id}/badges`, headers: newcomer.headers });
    expect(expectContract(endpoints.users.badges, await ask(newcomer.user.id)).data).toEqual([]);
    const driver = await makeUser(app, { driver_is_verified: true, positive_ratings: 12, negative_ratings: 1 });
    await makeTrip(app, driver.user.id, { date: inHours(-48) });
    const slugs = expectContract(endpoints.users.badges, await ask(driver.user.id)).data.map((badge) => badge.slug);
    expect(slugs).toEqual(['conductor-verificado', 'primer-viaje', 'bien-calificado']);
    expect((await ask(999_999)).json().errors.error).toBe('user_doesnt_exist');
    expect((await app.inject({ method: 'GET', url: `/api/users/${driver.user.id}/badges` })).statusCode).toBe(401);
  });
});

describe('GET /api/trip-creation-templates (provider call)', () => {
  it("offers the caller's last distinct routes, newest first", async () => {
    const app = await build();
    const driver = await makeUser(app);
    const older = await makeTrip(app, driver.user.id, { date: inHours(-72) });
    const newer = await makeTrip(app, driver.user.id, { date: inHours(24) });
    const elsewhere = await makeTrip(app, driver.user.id, { date: inHours(-24), to: { name: 'Otro destino', lat: -48.5, lng: -54.5 } });
    const body = expectContract(endpoints.trips.templates, await app.inject({ method: 'GET', url: '/api/trip-creation-templates', headers: driver.headers }));
    expect(body.data.map((template) => template.id)).toEqual([newer.id, elsewhere.id]);
    expect(body.data.map((template) => template.id)).not.toContain(older.id);
    expect(body.data[0]!.points).toHaveLength(2);
    expect((await app.inject({ method: 'GET', url: '/api/trip-creation-templates' })).statusCode).toBe(401);
  });
});

describe('GET /api/osrm/route/v1/driving/:coords (provider call)', () => {
  it('answers an OSRM route from the road estimate, with polyline or GeoJSON geometry', async () => {
    const app = await build();
    const coords = '-58.43709,-34.60757;-60.66154,-32.9595';
    const route = expectContract(endpoints.routing.osrmRoute, await app.inject({ method: 'GET', url: `/api/osrm/route/v1/driving/${coords}?overview=full` }));
    // The price service's estimate: great circle × 1.3 at 80 km/h.
    const distance = Math.round(haversineMetres({ lat: -34.60757, lng: -58.43709 }, { lat: -32.9595, lng: -60.66154 }) * 1.3);
    const metrics = { distance, duration: Math.round((distance / 1000 / 80) * 3600) };
    expect(route.code).toBe('Ok');
    expect(route.routes[0]).toMatchObject({ distance: metrics.distance, duration: metrics.duration });
    // Google polyline of the two points (precision 5).
    expect(route.routes[0]!.geometry).toBe(encodePolyline([{ lat: -34.60757, lng: -58.43709 }, { lat: -32.9595, lng: -60.66154 }]));
    expect(encodePolyline([{ lat: 38.5, lng: -120.2 }, { lat: 40.7, lng: -120.95 }, { lat: 43.252, lng: -126.453 }])).toBe('_p~iF~ps|U_ulLnnqC_mqNvxq`@');
    const geojson = expectContract(endpoints.routing.osrmRoute, await app.inject({ method: 'GET', url: `/api/osrm/route/v1/driving/${coords}?geometries=geojson` }));
    expect(geojson.routes[0]!.geometry).toEqual({ type: 'LineString', coordinates: [[-58.43709, -34.60757], [-60.66154, -32.9595]] });
    expect(geojson.waypoints.map((w) => w.location)).toEqual([[-58.43709, -34.60757], [-60.66154, -32.9595]]);
  });

  it('answers OSRM errors: malformed coordinates and points off the road network', async () => {
    const app = await build();
    const bad = await app.inject({ method: 'GET', url: '/api/osrm/route/v1/driving/abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errors: { error: 'InvalidUrl' } });
    const abroad = await app.inject({ method: 'GET', url: '/api/osrm/route/v1/driving/-58.4,-34.6;-3.7,40.4' });
    expect(abroad.statusCode).toBe(400);
    expect(abroad.json()).toMatchObject({ errors: { error: 'NoSegment' } });
  });
});

describe('car catalogue (provider calls)', () => {
  it('lists brands, a brand\'s models and the colours from the seeded tables', async () => {
    const app = await build();
    const brands = expectContract(endpoints.cars.brands, await app.inject({ method: 'GET', url: '/api/car-brands' })).data;
    expect(brands.map((brand) => brand.name)).toEqual(expect.arrayContaining(['Fiat', 'Ford', 'Renault', 'Toyota', 'Volkswagen']));
    const vw = brands.find((brand) => brand.name === 'Volkswagen')!;
    const models = expectContract(endpoints.cars.models, await app.inject({ method: 'GET', url: `/api/car-brands/${vw.id}/models` })).data;
    expect(models.map((model) => model.name)).toEqual(expect.arrayContaining(['Gol', 'Amarok']));
    expect(models.every((model) => model.car_brand_id === vw.id)).toBe(true);
    expect((await app.inject({ method: 'GET', url: '/api/car-brands/999999/models' })).json().errors.error).toBe('model_not_found');
    expect((await app.inject({ method: 'GET', url: '/api/car-brands/abc/models' })).statusCode).toBe(422);
    const colors = expectContract(endpoints.cars.colors, await app.inject({ method: 'GET', url: '/api/car-colors' })).data;
    expect(colors.map((color) => color.name)).toEqual(expect.arrayContaining(['Blanco', 'Negro', 'Gris']));
  });
});

describe('cars with the provider\'s catalogue fields', () => {
  it('stores brand, model, colour and year, answers their names, and refuses a model of another brand', async () => {
    const app = await build();
    const driver = await makeUser(app);
    const fiat = await app.db.carBrand.findUniqueOrThrow({ where: { name: 'Fiat' }, include: { models: true } });
    const cronos = fiat.models.find((model) => model.name === 'Cronos')!;
    const white = await app.db.carColor.findUniqueOrThrow({ where: { name: 'Blanco' } });
    const body = { patente: 'AE123BC', description: 'Cronos blanco', year: 2021, car_brand_id: fiat.id, car_model_id: cronos.id, car_color_id: white.id };
    const created = expectContract(endpoints.cars.create, await app.inject({ method: 'POST', url: '/api/cars', headers: driver.headers, payload: body })).data;
    expect(created).toMatchObject({ ...body, brand_name: 'Fiat', model_name: 'Cronos', color_name: 'Blanco', brand_other: null });
    const listed = expectContract(endpoints.cars.list, await app.inject({ method: 'GET', url: '/api/cars', headers: driver.headers })).data;
    expect(listed[0]).toMatchObject({ brand_name: 'Fiat', model_name: 'Cronos', year: 2021 });
    const other = await app.db.carModel.findFirstOrThrow({ where: { brand_id: { not: fiat.id } } });
    const wrong = await app.inject({ method: 'POST', url: '/api/cars', headers: driver.headers, payload: { ...body, car_model_id: other.id } });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.car_model_id).toBeDefined();
    // Unlisted brands: the provider's brand_other / model_other.
    const own = { patente: 'AB999CD', description: 'Importado', brand_other: 'Lada', model_other: 'Niva' };
    const unlisted = expectContract(endpoints.cars.create, await app.inject({ method: 'POST', url: '/api/cars', headers: driver.headers, payload: own })).data;
    expect(unlisted).toMatchObject({ brand_name: 'Lada', model_name: 'Niva', car_brand_id: null });
  });
});
