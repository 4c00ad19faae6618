import { endpoints, haversineMetres } from '@carpool/contracts';
import polylineCodec from '@googlemaps/polyline-codec';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { HOUR_MS, addRequest, inHours, makeTrip, makeUser } from '../../test/booking';
import { build, expectContract } from '../../test/helper';
import { TEST_SEED } from '../../test/seed-options';
import { bearingDegrees } from '../services/osrm-route';
import { compareVersions } from '../services/provider-calls-service';

describe('GET /api/users/seat-requests (provider call)', () => {
  it("lists the caller's pending, accepted and rejected requests on trips still to leave, soonest trip first, all of them", async () => {
    const app = await build();
    const driver = await makeUser(app);
    const rider = await makeUser(app);
    const later = await makeTrip(app, driver.user.id, { date: inHours(48) });
    const sooner = await makeTrip(app, driver.user.id, { date: inHours(24) });
    const rejectedTrip = await makeTrip(app, driver.user.id, { date: inHours(30) });
    const gone = await makeTrip(app, driver.user.id, { date: inHours(-5) });
    const deleted = await makeTrip(app, driver.user.id, { date: inHours(20), deleted: true });
    const cancelledTrip = await makeTrip(app, driver.user.id, { date: inHours(26) });
    const paying = await makeTrip(app, driver.user.id, { date: inHours(27) });
    // Made in the opposite order of their trips: the answer follows the trips' dates, not the requests'.
    const accepted = await addRequest(app, later, rider.user.id, 1);
    const rejected = await addRequest(app, rejectedTrip, rider.user.id, 2);
    const pending = await addRequest(app, sooner, rider.user.id, 0);
    await addRequest(app, gone, rider.user.id, 1);
    await addRequest(app, deleted, rider.user.id, 0);
    await addRequest(app, cancelledTrip, rider.user.id, 3);
    await addRequest(app, paying, rider.user.id, 4);

    const response = await app.inject({ method: 'GET', url: '/api/users/seat-requests', headers: rider.headers });
    expect(response.statusCode, response.body).toBe(200);
    const body = expectContract(endpoints.users.seatRequests, response);
    expect(body.data.map((row) => [row.id, row.trip_id, row.request_state])).toEqual([
      [pending.id, sooner.id, 0],
      [rejected.id, rejectedTrip.id, 2],
      [accepted.id, later.id, 1],
    ]);
    expect(body.data[0]!.trip.id).toBe(sooner.id);
    // A fractal collection: no meta.
    expect(response.json()).not.toHaveProperty('meta');
  });

  it('answers every request whatever page is asked (the provider ignores paging), and needs a session', async () => {
    const app = await build();
    const driver = await makeUser(app);
    const rider = await makeUser(app);
    for (let hours = 24; hours < 24 + 22; hours += 1) await addRequest(app, await makeTrip(app, driver.user.id, { date: inHours(hours) }), rider.user.id);
    for (const query of ['', '?page=2&page_size=2', '?page=0']) {
      const response = await app.inject({ method: 'GET', url: `/api/users/seat-requests${query}`, headers: rider.headers });
      expect(expectContract(endpoints.users.seatRequests, response).data, query).toHaveLength(22);
    }
    expect((await app.inject({ method: 'GET', url: '/api/users/seat-requests' })).statusCode).toBe(401);
    // The driver has asked for no seat: another user's requests are not theirs.
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
  it('answers {id, version, body_markdown} of a known version, 404 with only a message for an unknown one', async () => {
    const app = await build();
    const row = (await app.db.changelog.findMany())[0]!;
    const known = expectContract(endpoints.changelogs.show, await app.inject({ method: 'GET', url: `/api/changelog?version=${row.version}` }));
    const changes = JSON.parse(row.changes) as string[];
    expect(known.data).toMatchObject({ id: row.id, version: row.version, changes });
    // The notes as a Markdown list, one line a change (ChangelogModal.vue renders body_markdown).
    expect(known.data.body_markdown.split('\n')).toEqual(changes.map((change) => `- ${change}`));
    const unknown = await app.inject({ method: 'GET', url: '/api/changelog?version=9.9.9' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Not found' });
    // The provider's rule: required, at most 32 characters.
    for (const query of ['', '?version=', `?version=${'1'.repeat(33)}`]) {
      expect((await app.inject({ method: 'GET', url: `/api/changelog${query}` })).statusCode, query).toBe(422);
    }
  });

  it('lists every note, highest version first by number (0.10.0 after 0.9.1)', async () => {
    const app = await build();
    for (const version of ['0.9.1', '0.10.0']) {
      await app.db.changelog.create({ data: { version, released_at: new Date('2020-01-01T00:00:00Z'), changes: JSON.stringify([`Versión ${version}`]) } });
    }
    const list = expectContract(endpoints.changelogs.list, await app.inject({ method: 'GET', url: '/api/changelogs' })).data;
    const versions = list.map((entry) => entry.version);
    expect(versions.indexOf('0.10.0')).toBeLessThan(versions.indexOf('0.9.1'));
    expect(versions).toEqual([...versions].sort((a, b) => compareVersions(b, a)));
    expect(list.find((entry) => entry.version === '0.10.0')).toMatchObject({ id: expect.any(Number), body_markdown: '- Versión 0.10.0' });
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

  it("serves every badge's image where the provider's web client loads it: /app/img/<image_path>", async () => {
    const app = await build();
    const driver = await makeUser(app, { driver_is_verified: true, positive_ratings: 12, created_at: inHours(-24 * 400) });
    await makeTrip(app, driver.user.id, { date: inHours(-48) });
    const badges = expectContract(endpoints.users.badges, await app.inject({ method: 'GET', url: `/api/users/${driver.user.id}/badges`, headers: driver.headers })).data;
    expect(badges.length).toBeGreaterThan(2);
    for (const badge of badges) {
      expect(badge.image_path).toMatch(/^badges\/[a-z0-9-]+\.svg$/);
      const image = await app.inject({ method: 'GET', url: `/app/img/${badge.image_path}` });
      expect(image.statusCode, badge.image_path!).toBe(200);
      expect(image.headers['content-type']).toContain('image/svg+xml');
      expect(image.body).toContain(`<title>${badge.title}</title>`);
    }
    expect((await app.inject({ method: 'GET', url: '/app/img/badges/no-existe.svg' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/app/img/badges/..%2F..%2Fpackage.json' })).statusCode).toBe(404);
  });
});

describe('trip creation templates (provider calls)', () => {
  const form = { origen: 'Rosario', destino: 'Córdoba', asientos: 3, puntos: [{ nombre: 'Rosario' }, { nombre: 'Córdoba' }] };

  it('saves a template by its trimmed name, replaces it under the same name, lists them by name and shows one', async () => {
    const app = await build();
    const driver = await makeUser(app);
    const other = await makeUser(app);
    const save = (who: { headers: Record<string, string> }, payload: unknown) =>
      app.inject({ method: 'POST', url: '/api/trip-creation-templates', headers: who.headers, payload: payload as Record<string, unknown> });
    const list = async (who: { headers: Record<string, string> }) =>
      expectContract(endpoints.trips.templates, await app.inject({ method: 'GET', url: '/api/trip-creation-templates', headers: who.headers })).data;

    expect(await list(driver)).toEqual([]);
    const saved = expectContract(endpoints.trips.saveTemplate, await save(driver, { name: '  Ida al trabajo ', data: form }));
    expect(saved).toEqual({ data: { name: 'Ida al trabajo', data: form } });
    expectContract(endpoints.trips.saveTemplate, await save(driver, { name: 'A la costa', data: ['lista', 1] }));
    // The same name again replaces its data (updateOrCreate).
    expectContract(endpoints.trips.saveTemplate, await save(driver, { name: 'Ida al trabajo', data: { ...form, asientos: 2 } }));
    expect(await list(driver)).toEqual([
      { name: 'A la costa', data: ['lista', 1] },
      { name: 'Ida al trabajo', data: { ...form, asientos: 2 } },
    ]);

    const show = (who: { headers: Record<string, string> }, name: string) =>
      app.inject({ method: 'GET', url: `/api/trip-creation-templates/${encodeURIComponent(name)}`, headers: who.headers });
    expect(expectContract(endpoints.trips.showTemplate, await show(driver, 'Ida al trabajo')).data.data).toMatchObject({ asientos: 2 });
    // Names may hold slashes (the provider's route takes `.+`).
    expectContract(endpoints.trips.saveTemplate, await save(driver, { name: 'Ida/vuelta', data: form }));
    expect(expectContract(endpoints.trips.showTemplate, await show(driver, 'Ida/vuelta')).data.name).toBe('Ida/vuelta');

    // Templates are their owner's alone: another user sees none and gets 404 for the name.
    expect(await list(other)).toEqual([]);
    const missing = await show(other, 'Ida al trabajo');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Not found.' });
    expect((await show(driver, 'No existe')).statusCode).toBe(404);
  });

  it("refuses what the provider's rules refuse with 422 field errors, and needs a session", async () => {
    const app = await build();
    const driver = await makeUser(app);
    const before = await app.db.tripCreationTemplate.count(); // the demo driver's seeded one
    for (const payload of [{}, { data: form }, { name: '   ', data: form }, { name: 'x'.repeat(256), data: form }, { name: 'Sin datos' }, { name: 'Vacío', data: {} }, { name: 'Texto', data: 'no es un objeto' }]) {
      const response = await app.inject({ method: 'POST', url: '/api/trip-creation-templates', headers: driver.headers, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(response.json().errors ?? {}).length, JSON.stringify(payload)).toBeGreaterThan(0);
    }
    expect(await app.db.tripCreationTemplate.count()).toBe(before);
    expect((await app.inject({ method: 'GET', url: '/api/trip-creation-templates' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/trip-creation-templates', payload: { name: 'x', data: form } })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/trip-creation-templates/x' })).statusCode).toBe(401);
  });
});

/** An OSRM route answer that found a route (the answer may also be the proxy's NoRoute). */
function okRoute(response: Awaited<ReturnType<FastifyInstance['inject']>>) {
  const answer = expectContract(endpoints.routing.osrmRoute, response);
  if (answer.code !== 'Ok') throw new Error(`No route: ${JSON.stringify(answer)}`);
  return answer;
}

describe('GET /api/osrm/route/v1/driving/:coords (provider call)', () => {
  it('answers an OSRM route from the road estimate, with polyline or GeoJSON geometry', async () => {
    const app = await build();
    const coords = '-58.43709,-34.60757;-60.66154,-32.9595';
    const route = okRoute(await app.inject({ method: 'GET', url: `/api/osrm/route/v1/driving/${coords}?overview=full` }));
    // The price service's estimate: great circle × 1.3 at 80 km/h.
    const distance = Math.round(haversineMetres({ lat: -34.60757, lng: -58.43709 }, { lat: -32.9595, lng: -60.66154 }) * 1.3);
    const metrics = { distance, duration: Math.round((distance / 1000 / 80) * 3600) };
    expect(route.code).toBe('Ok');
    expect(route.routes[0]).toMatchObject({ distance: metrics.distance, duration: metrics.duration });
    // Google polyline of the two points (precision 5); without steps=true the legs have none (OSRM's default).
    expect(polylineCodec.decode(route.routes[0]!.geometry as string, 5)).toEqual([[-34.60757, -58.43709], [-32.9595, -60.66154]]);
    expect(route.routes[0]!.legs[0]!.steps).toEqual([]);
    const geojson = okRoute(await app.inject({ method: 'GET', url: `/api/osrm/route/v1/driving/${coords}?geometries=geojson` }));
    expect(geojson.routes[0]!.geometry).toEqual({ type: 'LineString', coordinates: [[-58.43709, -34.60757], [-60.66154, -32.9595]] });
    expect(geojson.waypoints.map((w) => w.location)).toEqual([[-58.43709, -34.60757], [-60.66154, -32.9595]]);
  });

  it('gives each leg depart and arrive steps with geometry and maneuver, as Leaflet Routing Machine asks (steps=true, overview=false)', async () => {
    const app = await build();
    const [ba, rosario, cordoba] = [[-58.43709, -34.60757], [-60.66154, -32.9595], [-64.18105, -31.4135]] as const;
    const url = `/api/osrm/route/v1/driving/${[ba, rosario, cordoba].map((p) => p.join(',')).join(';')}?overview=false&steps=true&geometries=polyline6`;
    const route = okRoute(await app.inject({ method: 'GET', url })).routes[0]!;
    expect(route).not.toHaveProperty('geometry');
    expect(route.legs).toHaveLength(2);
    const [depart, arrive] = route.legs[0]!.steps;
    // The route line is the steps' lines joined: BA → Rosario, then Rosario → Córdoba.
    const lines = route.legs.flatMap((leg) => leg.steps.map((step) => polylineCodec.decode(step.geometry as string, 6)));
    expect(lines[0]).toEqual([[ba[1], ba[0]], [rosario[1], rosario[0]]]);
    expect(lines[3]).toEqual([[cordoba[1], cordoba[0]], [cordoba[1], cordoba[0]]]);
    // Rosario lies north-west of Buenos Aires.
    const heading = bearingDegrees({ lat: ba[1], lng: ba[0] }, { lat: rosario[1], lng: rosario[0] });
    expect(heading).toBeGreaterThan(270);
    expect(heading).toBeLessThan(360);
    expect(depart!.maneuver).toEqual({ type: 'depart', location: [...ba], bearing_before: 0, bearing_after: heading });
    expect(arrive!.maneuver).toMatchObject({ type: 'arrive', location: [...rosario], bearing_before: heading, bearing_after: 0, modifier: 'straight' });
    expect(depart!.distance).toBe(route.legs[0]!.distance);
    expect(arrive!.distance).toBe(0);

    const geojson = okRoute(await app.inject({ method: 'GET', url: url.replace('polyline6', 'geojson').replace('overview=false', 'overview=simplified') })).routes[0]!;
    expect(geojson.geometry).toEqual({ type: 'LineString', coordinates: [ba, rosario, cordoba] });
    expect(geojson.legs[1]!.steps[0]!.geometry).toEqual({ type: 'LineString', coordinates: [rosario, cordoba] });
    expect((await app.inject({ method: 'GET', url: url.replace('steps=true', 'steps=yes') })).statusCode).toBe(422);
  });

  it("answers what the provider's proxy answers when OSRM refuses: 200 NoRoute for malformed coordinates and points off the road network", async () => {
    const app = await build();
    for (const coords of ['abc', '-58.4,-34.6', '-58.4,-34.6;-3.7,40.4', '-58.4,-34.6;200,10']) {
      const response = await app.inject({ method: 'GET', url: `/api/osrm/route/v1/driving/${coords}` });
      expect(response.statusCode, coords).toBe(200);
      expect(expectContract(endpoints.routing.osrmRoute, response), coords).toEqual({ code: 'NoRoute', message: 'Routing service unavailable', routes: [], waypoints: [] });
    }
  });

  it('routes many waypoints, and refuses a path over 4096 characters with 400 and the top-level code InvalidUrl', async () => {
    const app = await build();
    const many = Array.from({ length: 60 }, (_, i) => `${(-58.4 - i * 0.01).toFixed(5)},-34.60757`).join(';');
    const route = okRoute(await app.inject({ method: 'GET', url: `/api/osrm/route/v1/driving/${many}` }));
    expect(route.code).toBe('Ok');
    expect(route.waypoints).toHaveLength(60);
    const tooLong = Array.from({ length: 220 }, () => '-58.43709,-34.60757').join(';');
    const refused = await app.inject({ method: 'GET', url: `/api/osrm/route/v1/driving/${tooLong}` });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ code: 'InvalidUrl', message: 'Path too long' });
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
    expect((await app.inject({ method: 'GET', url: '/api/car-brands/999999/models' })).statusCode).toBe(404);
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
    expect(wrong.json().errors.car_model_id).toEqual(expect.arrayContaining([expect.any(String)]));
    // Unlisted brands: the provider's brand_other / model_other.
    // (year and colour: required of a new car, CarsManager::validator).
    const own = { patente: 'AB999CD', description: 'Importado', year: 1985, car_color_id: white.id, brand_other: 'Lada', model_other: 'Niva' };
    const unlisted = expectContract(endpoints.cars.create, await app.inject({ method: 'POST', url: '/api/cars', headers: driver.headers, payload: own })).data;
    expect(unlisted).toMatchObject({ brand_name: 'Lada', model_name: 'Niva', car_brand_id: null });
  });
});
