import { endpoints, type Trip } from '@carpool/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, build, expectContract, login } from '../../test/helper';
import { PLACES, insertTrip, point, tripBody, type TestPlace } from '../../test/trips';
import { fromWireDateTime } from '../lib/dates';

// Two towns far from every seeded place would be ideal; instead the tests search around
// made-up coordinates in the South Atlantic, so only the trips made here can match.
const ORIGIN = { lat: -45.5, lng: -50.5, name: 'Origen de prueba' };
const DESTINATION = { lat: -47.5, lng: -52.5, name: 'Destino de prueba' };
const NEAR_ORIGIN = { lat: -45.505, lng: -50.5 }; // ≈ 556 m south
const FAR_ORIGIN = { lat: -45.53, lng: -50.5 }; // ≈ 3.3 km south

let app: FastifyInstance;
let driverId: number;
let passengerId: number;
let strangerId: number;

async function makeTrip(options: {
  date: string;
  from?: { lat: number; lng: number };
  to?: { lat: number; lng: number };
  userId?: number;
  friendship?: number;
  hidden?: boolean;
  state?: string;
  isPassenger?: boolean;
  description: string;
}) {
  const from = options.from ?? ORIGIN;
  const to = options.to ?? DESTINATION;
  return app.db.trip.create({
    data: {
      user_id: options.userId ?? driverId,
      from_town: ORIGIN.name,
      to_town: DESTINATION.name,
      trip_date: fromWireDateTime(options.date),
      total_seats: 3,
      seats_available: 3,
      friendship_type_id: options.friendship ?? 2,
      hidden: options.hidden ?? false,
      state: options.state ?? 'ready',
      is_passenger: options.isPassenger ?? false,
      description: options.description,
      origin_lat: from.lat,
      origin_lng: from.lng,
      destination_lat: to.lat,
      destination_lng: to.lng,
      points: {
        create: [
          { position: 0, address: ORIGIN.name, lat: from.lat, lng: from.lng },
          { position: 1, address: DESTINATION.name, lat: to.lat, lng: to.lng },
        ],
      },
    },
  });
}

const around = (extra: Record<string, string | number | boolean> = {}) => {
  const params = new URLSearchParams({
    origin_lat: String(ORIGIN.lat),
    origin_lng: String(ORIGIN.lng),
    destination_lat: String(DESTINATION.lat),
    destination_lng: String(DESTINATION.lng),
    ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, String(v)])),
  });
  return `/api/trips?${params}`;
};

async function search(url: string, token?: string) {
  const response = await app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  expect(response.statusCode, response.body).toBe(200);
  const body = expectContract(endpoints.trips.search, response);
  return body;
}

const descriptions = (trips: Trip[]) => trips.map((trip) => trip.description);

beforeAll(async () => {
  app = await build();
  // The seed's clock: 2026-11-22 12:00 in Argentina.
  driverId = (await app.db.user.findUniqueOrThrow({ where: { email: DEMO.driver.email } })).id;
  passengerId = (await app.db.user.findUniqueOrThrow({ where: { email: DEMO.passenger.email } })).id;
  strangerId = (await app.db.user.create({ data: { email: 'extra@carpool.ar', name: 'Extra', password: 'x', active: true } })).id;
  await app.db.friend.deleteMany({ where: { OR: [{ uid1: driverId, uid2: passengerId }, { uid1: passengerId, uid2: driverId }] } });

  await makeTrip({ date: '2026-11-25 09:00:00', description: 'exact day morning' });
  await makeTrip({ date: '2026-11-25 18:00:00', description: 'exact day evening' });
  await makeTrip({ date: '2026-11-24 10:00:00', description: 'one day before' });
  await makeTrip({ date: '2026-11-28 10:00:00', description: 'three days after' });
  await makeTrip({ date: '2026-11-29 10:00:00', description: 'four days after' });
  await makeTrip({ date: '2026-11-20 10:00:00', description: 'already gone' });
  await makeTrip({ date: '2026-11-25 11:00:00', from: NEAR_ORIGIN, description: 'near origin' });
  await makeTrip({ date: '2026-11-25 12:00:00', from: FAR_ORIGIN, description: 'far origin' });
  await makeTrip({ date: '2026-11-25 13:00:00', hidden: true, description: 'hidden' });
  await makeTrip({ date: '2026-11-25 14:00:00', friendship: 0, description: 'friends only' });
  await makeTrip({ date: '2026-11-25 15:00:00', state: 'awaiting_payment', description: 'unpaid' });
  await makeTrip({ date: '2026-11-25 16:00:00', isPassenger: true, userId: strangerId, description: 'looking for a driver' });
});

describe('GET /api/trips', () => {
  it('filters by origin and destination radius (default 1000 m) and keeps only future trips', async () => {
    const body = await search(around({ is_passenger: false }));
    expect(descriptions(body.data)).toContain('near origin');
    expect(descriptions(body.data)).not.toContain('far origin');
    expect(descriptions(body.data)).not.toContain('already gone');
    expect(descriptions(body.data)).not.toContain('looking for a driver');
  });

  it('widens the origin circle with origin_radio, never narrows it below 1000 m', async () => {
    const wide = await search(around({ origin_radio: 5000, is_passenger: false }));
    expect(descriptions(wide.data)).toContain('far origin');
    const narrow = await search(around({ origin_radio: 10, is_passenger: false }));
    expect(descriptions(narrow.data)).toContain('near origin');
  });

  it('searches ±3 days around a date with the exact day first, then by date', async () => {
    const body = await search(around({ date: '2026-11-25', is_passenger: false }));
    expect(descriptions(body.data)).toEqual([
      'exact day morning',
      'near origin',
      'exact day evening',
      'one day before',
      'three days after',
    ]);
  });

  it('hides friends-only, hidden and unpaid trips from guests and strangers, not from their owner', async () => {
    const guest = descriptions((await search(around({ date: '2026-11-25' }))).data);
    expect(guest).not.toContain('friends only');
    expect(guest).not.toContain('hidden');
    expect(guest).not.toContain('unpaid');
    const passengerToken = await login(app, DEMO.passenger);
    const stranger = descriptions((await search(around({ date: '2026-11-25' }), passengerToken)).data);
    expect(stranger).not.toContain('friends only');
    const ownerToken = await login(app, DEMO.driver);
    const owner = descriptions((await search(around({ date: '2026-11-25' }), ownerToken)).data);
    expect(owner).toEqual(expect.arrayContaining(['friends only', 'unpaid']));
    expect(owner).not.toContain('hidden');
  });

  it('shows friends-only trips to a friend', async () => {
    await app.db.friend.createMany({
      data: [
        { uid1: driverId, uid2: passengerId, state: 1 },
        { uid1: passengerId, uid2: driverId, state: 1 },
      ],
    });
    const token = await login(app, DEMO.passenger);
    const body = await search(around({ date: '2026-11-25' }), token);
    expect(descriptions(body.data)).toContain('friends only');
    await app.db.friend.deleteMany({ where: { OR: [{ uid1: driverId, uid2: passengerId }, { uid1: passengerId, uid2: driverId }] } });
  });

  it('finds passenger trips with is_passenger=true and past ones with history', async () => {
    expect(descriptions((await search(around({ is_passenger: true }))).data)).toEqual(['looking for a driver']);
    const history = descriptions((await search(around({ history: true, is_passenger: false }))).data);
    expect(history).toContain('already gone');
    expect(history[0]).toBe('four days after');
  });

  it('pages in the fractal envelope', async () => {
    const first = await search(around({ page_size: 2, is_passenger: false }));
    expect(first.data).toHaveLength(2);
    expect(first.meta.pagination).toMatchObject({ total: 6, count: 2, per_page: 2, current_page: 1, total_pages: 3 });
    const third = await search(around({ page_size: 2, page: 3, is_passenger: false }));
    expect(third.meta.pagination).toMatchObject({ count: 2, current_page: 3 });
    const ids = new Set([...first.data, ...third.data].map((trip) => trip.id));
    expect(ids.size).toBe(4);
  });

  it('finds seeded trips between real places', async () => {
    const body = await search('/api/trips?is_passenger=false&page=1&page_size=20');
    expect(body.data.length).toBe(20);
    expect(body.meta.pagination.total).toBeGreaterThan(20);
    for (const trip of body.data) expect(fromWireDateTime(trip.trip_date).getTime()).toBeGreaterThan(app.clock.now().getTime());
  });

  it('answers 422 field errors for malformed filters', async () => {
    for (const url of ['/api/trips?origin_lat=north', '/api/trips?date=25-11-2026', '/api/trips?page=first', '/api/trips?from_date=2026-12-01&to_date=2026-11-01']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(422);
      expect(Object.keys(response.json().errors).length, url).toBeGreaterThan(0);
    }
  });
});

describe('GET /api/trips: radius edges', () => {
  it('keeps a trip 990 m from the searched origin and drops one 1010 m away (default radius)', async () => {
    const metresToLat = (m: number) => (m / 6_371_000) * (180 / Math.PI);
    await makeTrip({ date: '2026-12-02 10:00:00', from: { lat: ORIGIN.lat - metresToLat(990), lng: ORIGIN.lng }, description: 'edge inside' });
    await makeTrip({ date: '2026-12-02 11:00:00', from: { lat: ORIGIN.lat - metresToLat(1010), lng: ORIGIN.lng }, description: 'edge outside' });
    const found = descriptions((await search(around({ date: '2026-12-02', is_passenger: false }))).data);
    expect(found).toContain('edge inside');
    expect(found).not.toContain('edge outside');
    expect(descriptions((await search(around({ date: '2026-12-02', origin_radio: 1100 }))).data)).toContain('edge outside');
  });
});

describe('GET /api/trips: admins, users and paging', () => {
  it('shows admins hidden, unpaid and friends-only trips with is_admin, and ignores the flag for others', async () => {
    const adminToken = await login(app, DEMO.admin);
    const asAdmin = descriptions((await search(around({ date: '2026-11-25', is_admin: true }), adminToken)).data);
    expect(asAdmin).toEqual(expect.arrayContaining(['hidden', 'unpaid', 'friends only', 'exact day morning']));
    const adminWithoutFlag = descriptions((await search(around({ date: '2026-11-25' }), adminToken)).data);
    expect(adminWithoutFlag).not.toContain('hidden');
    const passengerToken = await login(app, DEMO.passenger);
    const notAdmin = descriptions((await search(around({ date: '2026-11-25', is_admin: true }), passengerToken)).data);
    expect(notAdmin).not.toContain('hidden');
    expect(notAdmin).not.toContain('unpaid');
  });

  it("lists a user's trips with user_id, and their passenger trips only to themselves and admins", async () => {
    const byStranger = (await search(around({ date: '2026-11-25', user_id: strangerId }))).data;
    expect(descriptions(byStranger)).toEqual(['looking for a driver']);
    const passengerToken = await login(app, DEMO.passenger);
    const theirs = await app.inject({ method: 'GET', url: `/api/trips?user_id=${driverId}&as_driver=false`, headers: bearer(passengerToken) });
    expect(theirs.statusCode).toBe(422);
    expect(theirs.json().errors.error).toBe('access_denied');
    const own = await search(`/api/trips?user_id=${passengerId}&as_driver=false`, passengerToken);
    expect(own.data.length).toBeGreaterThan(0);
    for (const trip of own.data) expect(trip.passenger?.some((p) => p.id === passengerId)).toBe(true);
    const adminToken = await login(app, DEMO.admin);
    expect((await search(`/api/trips?user_id=${passengerId}&as_driver=false`, adminToken)).data.length).toBe(own.data.length);
  });

  it('pages with next as with page, and refuses page sizes above 200', async () => {
    const byPage = await search(around({ page_size: 2, page: 2, is_passenger: false }));
    const byNext = await search(around({ page_size: 2, next: 2, is_passenger: false }));
    expect(byNext.data.map((t) => t.id)).toEqual(byPage.data.map((t) => t.id));
    expect(byPage.meta.pagination.links).toEqual({ previous: expect.stringContaining('page=1'), next: expect.stringContaining('page=3') });
    for (const url of ['/api/trips?page_size=201', '/api/trips?page=0', '/api/trips?origin_lat=-95&origin_lng=0', '/api/trips?user_id=abc']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(422);
    }
  });

  it('shows the owner every request of their trips and marks the viewer\'s pending request', async () => {
    const trip = await makeTrip({ date: '2026-12-03 10:00:00', description: 'with requests' });
    await app.db.passenger.create({ data: { trip_id: trip.id, user_id: passengerId, request_state: 0 } });
    const find = (body: { data: Trip[] }) => body.data.find((t) => t.id === trip.id)!;
    const guest = find(await search(around({ date: '2026-12-03' })));
    expect(guest).toMatchObject({ request: '', passengerPending_count: 1 });
    expect(guest.allPassengerRequest).toBeUndefined();
    const passenger = find(await search(around({ date: '2026-12-03' }), await login(app, DEMO.passenger)));
    expect(passenger.request).toBe('send');
    const owner = find(await search(around({ date: '2026-12-03' }), await login(app, DEMO.driver)));
    // Rows as the provider mutates them: id = the user's id, plus request_id, name and email.
    const requestRow = await app.db.passenger.findFirstOrThrow({ where: { trip_id: trip.id, user_id: passengerId } });
    const passengerUser = await app.db.user.findUniqueOrThrow({ where: { id: passengerId } });
    expect(owner.allPassengerRequest).toEqual([
      expect.objectContaining({ id: passengerId, request_id: requestRow.id, user_id: passengerId, request_state: 0, name: passengerUser.name, email: passengerUser.email }),
    ]);
  });

  it('answers fresh data right after a write', async () => {
    const trip = await makeTrip({ date: '2026-12-04 10:00:00', description: 'changes seats' });
    const seats = async () => (await search(around({ date: '2026-12-04' }))).data.find((t) => t.id === trip.id)!.seats_available;
    expect(await seats()).toBe(3);
    await app.db.trip.update({ where: { id: trip.id }, data: { seats_available: 1 } });
    expect(await seats()).toBe(1);
    await app.db.user.update({ where: { id: driverId }, data: { name: 'Martín G.' } });
    const renamed = (await search(around({ date: '2026-12-04' }))).data.find((t) => t.id === trip.id)!;
    expect(renamed.user?.name).toBe('Martín G.');
  });
});

describe('GET /api/trips: dates and countries', () => {
  it('refuses dates beyond 2 years ahead, 100 years back, or not in the calendar (field errors)', async () => {
    for (const [query, field] of [
      ['date=2028-11-23', 'date'],
      ['date=1926-11-21', 'date'],
      ['from_date=2026-02-30', 'from_date'],
      ['to_date=2029-01-01', 'to_date'],
    ] as const) {
      const response = await app.inject({ method: 'GET', url: `/api/trips?${query}` });
      expect(response.statusCode, query).toBe(422);
      expect(response.json().errors[field], query).toEqual([expect.any(String)]);
    }
    for (const query of ['date=2028-11-22', 'date=1926-11-22&history=true']) {
      expect((await app.inject({ method: 'GET', url: `/api/trips?${query}` })).statusCode, query).toBe(200);
    }
  });

  it('refuses an origin and a destination both abroad', async () => {
    const abroad = { origin_lat: '-34.9059', origin_lng: '-56.19136', destination_lat: '-25.28005', destination_lng: '-57.63438' };
    const byPosition = await app.inject({ method: 'GET', url: `/api/trips?${new URLSearchParams(abroad)}` });
    expect(byPosition.statusCode).toBe(422);
    expect(byPosition.json()).toEqual({
      message: 'Origen y destino no pueden ser ambos del exterior.',
      errors: { error: 'origin_destination_abroad' },
    });
    // By place id alone (Montevideo → Asunción), the place's coordinates are searched.
    const byId = await app.inject({ method: 'GET', url: '/api/trips?origin_id=296140043&destination_id=249854726' });
    expect(byId.json().errors.error).toBe('origin_destination_abroad');
    // One end at home is fine (Montevideo → Buenos Aires).
    const oneAbroad = await app.inject({
      method: 'GET',
      url: `/api/trips?${new URLSearchParams({ ...abroad, destination_lat: '-34.60757', destination_lng: '-58.43709' })}`,
    });
    expect(oneAbroad.statusCode).toBe(200);
  });
});

describe('GET /api/trips: banned drivers and what each viewer sees of a trip', () => {
  // Their own corner of the map, so the listings above keep their totals.
  const FROM = { lat: -44.5, lng: -50.5 };
  const here = (extra: Record<string, string | number | boolean> = {}) =>
    around({ origin_lat: FROM.lat, origin_lng: FROM.lng, date: '2026-11-26', is_passenger: false, ...extra });

  it("leaves out a banned driver's trips; admins still find them with is_admin", async () => {
    const banned = await app.db.user.create({ data: { email: 'banned-driver@carpool.ar', name: 'Baneado', password: 'x', active: true, banned: true } });
    await makeTrip({ date: '2026-11-26 08:00:00', from: FROM, userId: banned.id, description: 'by a banned driver' });
    await makeTrip({ date: '2026-11-26 09:00:00', from: FROM, description: 'by a driver in good standing' });
    const guest = descriptions((await search(here())).data);
    expect(guest).toContain('by a driver in good standing');
    expect(guest).not.toContain('by a banned driver');
    const adminToken = await login(app, DEMO.admin);
    expect(descriptions((await search(here({ is_admin: true }), adminToken)).data)).toContain('by a banned driver');
    await app.db.user.update({ where: { id: banned.id }, data: { banned: false } });
    expect(descriptions((await search(here())).data)).toContain('by a banned driver');
  });

  it('gives the passengers as users and the car to the owner, the trip partners and admins; others logged in get the public { id, image, first_name }', async () => {
    const car = await app.db.car.create({ data: { user_id: driverId, patente: 'AB123CD', description: 'Gol gris' } });
    const trip = await makeTrip({ date: '2026-11-26 10:00:00', from: FROM, description: 'with car and passenger' });
    await app.db.trip.update({ where: { id: trip.id }, data: { car_id: car.id, seats_available: 2 } });
    await app.db.passenger.create({ data: { trip_id: trip.id, user_id: passengerId, request_state: 1 } });
    await app.db.user.update({ where: { id: driverId }, data: { data_visibility: 0 } });
    const outsider = await app.db.user.findFirstOrThrow({
      where: { is_admin: false, active: true, banned: false, email: { notIn: Object.values(DEMO).map((d) => d.email) } },
    });
    const seenBy = async (token?: string) => {
      const found = (await search(here(), token)).data.find((t) => t.id === trip.id);
      expect(found).toBeDefined();
      return found!;
    };
    const tokens = {
      owner: await login(app, DEMO.driver),
      partner: await login(app, DEMO.passenger),
      admin: await login(app, DEMO.admin),
      outsider: await login(app, { email: outsider.email, password: DEMO.driver.password }),
    };

    const passengerUser = await app.db.user.findUniqueOrThrow({ where: { id: passengerId } });
    const publicPassenger = { id: passengerId, image: passengerUser.image, first_name: passengerUser.name.split(' ')[0] };
    // Guests: no list; other logged-in viewers: the provider's public { id, image, first_name }.
    for (const [token, passengers] of [[undefined, []], [tokens.outsider, [publicPassenger]]] as const) {
      const view = await seenBy(token);
      expect(view.passenger).toEqual(passengers);
      expect(view).not.toHaveProperty('car');
      expect(view.passenger_count).toBe(1);
    }
    for (const token of [tokens.owner, tokens.partner, tokens.admin]) {
      const view = await seenBy(token);
      // User objects (TripUserTransformer): the user's id, name, first_name, image…
      expect(view.passenger).toEqual([
        expect.objectContaining({ ...publicPassenger, name: passengerUser.name, request_state: 1 }),
      ]);
      expect(view.car).toMatchObject({ patente: 'AB123CD' });
    }
    expect(await seenBy(tokens.owner)).toHaveProperty('allPassengerRequest');
    expect(await seenBy(tokens.partner)).not.toHaveProperty('allPassengerRequest');

    // A driver who made their data public shows the car to everyone, not the passengers.
    await app.db.user.update({ where: { id: driverId }, data: { data_visibility: 1 } });
    const publicView = await seenBy();
    expect(publicView.car).toMatchObject({ patente: 'AB123CD' });
    expect(publicView.passenger).toEqual([]);
    expect((await seenBy(tokens.outsider)).passenger).toEqual([publicPassenger]);
    await app.db.user.update({ where: { id: driverId }, data: { data_visibility: 0 } });

    // The trip page answers the same way.
    const detail = await app.inject({ method: 'GET', url: `/api/trips/${trip.id}`, headers: bearer(tokens.outsider) });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.passenger).toEqual([publicPassenger]);
    expect(detail.json().data).not.toHaveProperty('car');
  });
});

describe('GET /api/trips: repeated searches', () => {
  // Its own corner of the map again.
  const FROM = { lat: -43.5, lng: -50.5 };
  const url = around({ origin_lat: FROM.lat, origin_lng: FROM.lng, is_passenger: false });

  it('answers a repeated search anew after a write and once the minute of "now" has moved on', async () => {
    const soon = new Date(app.clock.now().getTime() + 90_000);
    const wire = (date: Date) => new Date(date.getTime() - 3 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    await makeTrip({ date: wire(soon), from: FROM, description: 'leaves in a minute and a half' });
    for (let i = 0; i < 3; i++) expect(descriptions((await search(url)).data)).toEqual(['leaves in a minute and a half']);

    await makeTrip({ date: '2026-12-10 10:00:00', from: FROM, description: 'published after' });
    expect(descriptions((await search(url)).data)).toEqual(['leaves in a minute and a half', 'published after']);
    expect(descriptions((await search(url)).data)).toEqual(['leaves in a minute and a half', 'published after']);

    const before = app.clock.now();
    app.clock.set(new Date(soon.getTime() + 60_000));
    try {
      expect(descriptions((await search(url)).data)).toEqual(['published after']);
    } finally {
      app.clock.travelTo(before);
    }
  });

  it('keeps one answer per viewer', async () => {
    const trip = await makeTrip({ date: '2026-12-11 10:00:00', from: FROM, description: 'with a pending request' });
    await app.db.passenger.create({ data: { trip_id: trip.id, user_id: passengerId, request_state: 0 } });
    const token = await login(app, DEMO.passenger);
    const mine = () => search(url, token).then((body) => body.data.find((t) => t.id === trip.id)?.request);
    const guest = () => search(url).then((body) => body.data.find((t) => t.id === trip.id)?.request);
    for (let i = 0; i < 2; i++) {
      expect(await mine()).toBe('send');
      expect(await guest()).toBe('');
    }
  });
});

describe('GET /api/trips by place ids (TripRepository::search of the provider)', () => {
  // A day past every seeded trip, so that only the trips made here leave in its window.
  const DAY = '2027-06-15';
  const idsOf = async (query: Record<string, string>) => (await search(`/api/trips?${new URLSearchParams({ date: DAY, ...query })}`)).data.map((trip) => trip.id);
  const ids = (origin?: TestPlace, destination?: TestPlace, extra: Record<string, string> = {}) =>
    idsOf({ ...(origin && { origin_id: origin.id, origin_lat: String(origin.lat), origin_lng: String(origin.lng) }), ...(destination && { destination_id: destination.id, destination_lat: String(destination.lat), destination_lng: String(destination.lng) }), ...extra });
  let viaRosario: number;
  let toFunes: number;

  beforeAll(async () => {
    viaRosario = (await insertTrip(app, { userId: driverId, from: PLACES.buenosAires, via: [PLACES.rosario], to: PLACES.cordoba, date: `${DAY} 08:00:00` })).id;
    toFunes = (await insertTrip(app, { userId: driverId, from: PLACES.buenosAires, to: PLACES.funes, date: `${DAY} 09:00:00` })).id;
  });

  it('matches the origin before the destination at any stop, intermediate ones included', async () => {
    expect(await ids(PLACES.buenosAires, PLACES.cordoba)).toEqual([viaRosario]);
    expect(await ids(PLACES.buenosAires, PLACES.rosario)).toEqual([viaRosario]);
    expect(await ids(PLACES.rosario, PLACES.cordoba)).toEqual([viaRosario]);
    expect(await ids(PLACES.cordoba, PLACES.buenosAires)).toEqual([]);
    expect(await ids(PLACES.rosario, PLACES.buenosAires)).toEqual([]);
  });

  it('with one id, matches that end at any stop but the last (origin) or the first (destination)', async () => {
    expect(await ids(PLACES.rosario)).toEqual([viaRosario]);
    expect(await ids(PLACES.cordoba)).toEqual([]);
    expect(await ids(undefined, PLACES.rosario)).toEqual([viaRosario]);
    expect(await ids(undefined, PLACES.buenosAires)).toEqual([]);
    expect(await ids(PLACES.buenosAires)).toEqual([viaRosario, toFunes]);
    // An id beside the other end's coordinates: the id's route and the circle (Funes is ~14 km from Rosario).
    const rosarioCircle = { destination_lat: String(PLACES.rosario.lat), destination_lng: String(PLACES.rosario.lng), destination_radio: '25000' };
    expect(await idsOf({ origin_id: PLACES.buenosAires.id, ...rosarioCircle })).toEqual([toFunes]);
  });

  it('ignores the radius and the coordinates when both ids are given', async () => {
    expect(await ids(PLACES.buenosAires, PLACES.rosario, { destination_radio: '25000' })).toEqual([viaRosario]);
    // Coordinates alone: the circle around the last point, which Funes is within at 25 km.
    const byCircle = await idsOf({ origin_lat: String(PLACES.buenosAires.lat), origin_lng: String(PLACES.buenosAires.lng), destination_lat: String(PLACES.rosario.lat), destination_lng: String(PLACES.rosario.lng), destination_radio: '25000' });
    expect(byCircle).toEqual([toFunes]);
    // An id that is no number matches nothing; leading zeros do not matter (the provider compares integers).
    expect(await idsOf({ origin_id: 'abc', destination_id: PLACES.cordoba.id })).toEqual([]);
    expect(await idsOf({ origin_id: `00${PLACES.rosario.id}`, destination_id: PLACES.cordoba.id })).toEqual([viaRosario]);
  });

  it('follows a trip whose route is edited, and one published through the API with the place ids in json_address', async () => {
    const token = await login(app, DEMO.driver);
    const edited = await app.inject({
      method: 'PUT',
      url: `/api/trips/${toFunes}`,
      headers: bearer(token),
      payload: { points: [point(PLACES.buenosAires), point(PLACES.rosario), point(PLACES.funes)] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await ids(PLACES.buenosAires, PLACES.rosario)).toEqual([viaRosario, toFunes]);
    // The provider's clients put the place id in json_address (node_id is ours).
    const { node_id: _n1, ...fromRosario } = point(PLACES.rosario);
    const { node_id: _n2, ...toMendoza } = point(PLACES.mendoza);
    const published = await app.inject({
      method: 'POST',
      url: '/api/trips',
      headers: bearer(token),
      payload: tripBody({
        trip_date: `${DAY} 20:00:00`,
        points: [
          { ...fromRosario, json_address: { ...fromRosario.json_address, id: Number(PLACES.rosario.id) } },
          { ...toMendoza, json_address: { ...toMendoza.json_address, id: Number(PLACES.mendoza.id) } },
        ],
      }),
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(await ids(PLACES.rosario, PLACES.mendoza)).toEqual([published.json().data.id]);
  });
});
