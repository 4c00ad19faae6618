import { endpoints } from '@carpool/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, build, expectContract, login } from '../../test/helper';

/**
 * Known rows in months of 2031 (after everything the seed writes), so each bucket's count is known.
 * Months are Argentina's: 2031-02-01T02:00Z is 31 January, 23:00 local.
 */
async function seedChartRows(app: FastifyInstance) {
  const driver = await app.db.user.findUniqueOrThrow({ where: { email: DEMO.driver.email } });
  const trip = (date: string, seats: number, extra: { is_passenger?: boolean; deleted_at?: Date } = {}) =>
    app.db.trip.create({
      data: {
        user_id: driver.id,
        from_town: 'Rosario',
        to_town: 'Córdoba',
        trip_date: new Date(date),
        total_seats: seats,
        seats_available: seats,
        origin_lat: -32.95,
        origin_lng: -60.64,
        destination_lat: -31.42,
        destination_lng: -64.18,
        ...extra,
      },
    });
  await trip('2031-01-15T12:00:00Z', 3);
  await trip('2031-02-01T02:00:00Z', 2);
  const february = await trip('2031-02-10T12:00:00Z', 4);
  await trip('2031-02-12T12:00:00Z', 1, { deleted_at: new Date('2000-01-01T00:00:00Z') });
  const asPassenger = await trip('2031-02-11T12:00:00Z', 1, { is_passenger: true });
  await trip('2031-04-03T12:00:00Z', 1);

  const others = await app.db.user.findMany({ where: { id: { not: driver.id } }, orderBy: { id: 'asc' }, take: 5 });
  const states = [0, 0, 1, 4, 3];
  await app.db.passenger.createMany({ data: others.map((user, index) => ({ trip_id: february.id, user_id: user.id, request_state: states[index]! })) });
  await app.db.passenger.create({ data: { trip_id: asPassenger.id, user_id: others[0]!.id, request_state: 0 } });

  const person = (n: number, created: string, connected: string | null, flags: { active?: boolean; banned?: boolean } = {}) =>
    app.db.user.create({
      data: {
        email: `grafico${n}@carpool.ar`,
        password: 'x',
        name: `Gráfico ${n}`,
        created_at: new Date(created),
        last_connection: connected ? new Date(connected) : null,
        active: flags.active ?? true,
        banned: flags.banned ?? false,
      },
    });
  await person(1, '2031-01-20T12:00:00Z', '2031-01-05T12:00:00Z');
  await person(2, '2031-01-21T12:00:00Z', '2031-01-06T12:00:00Z');
  await person(3, '2031-03-01T01:00:00Z', '2031-01-07T12:00:00Z', { banned: true });
  await person(4, '2031-03-02T12:00:00Z', '2031-03-01T02:59:00Z', { active: false });
  await person(5, '2031-03-03T12:00:00Z', '2031-03-01T03:00:00Z');
}

const RANGE = '?date_from=2031-01&date_to=2031-03';

describe('admin chart data (/api/data/*)', () => {
  let app: FastifyInstance;
  let admin: string;
  beforeAll(async () => {
    app = await build();
    await seedChartRows(app);
    admin = await login(app, DEMO.admin);
  });
  const get = (url: string, token?: string) => app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

  it('counts driver trips and offered seats per Argentine month, hidden ones included, passenger trips not', async () => {
    const { trips } = expectContract(endpoints.admin.trips, await get(`/api/data/trips${RANGE}`, admin));
    expect(trips).toEqual([
      { key: '2031-01', año: '2031', mes: '01', cantidad: 2, asientos_ofrecidos_total: 5 },
      { key: '2031-02', año: '2031', mes: '02', cantidad: 2, asientos_ofrecidos_total: 5 },
    ]);
  });

  it('counts seat requests on driver trips per month and state, with the provider state names', async () => {
    const { seats } = expectContract(endpoints.admin.seats, await get(`/api/data/seats${RANGE}`, admin));
    expect(seats).toEqual([
      { key: '2031-02', año: '2031', mes: '02', state: 0, estado: 'pendiente', cantidad: 2 },
      { key: '2031-02', año: '2031', mes: '02', state: 1, estado: 'aceptada', cantidad: 1 },
      { key: '2031-02', año: '2031', mes: '02', state: 3, estado: 'retirada_pasajero', cantidad: 1 },
      { key: '2031-02', año: '2031', mes: '02', state: 4, estado: null, cantidad: 1 },
    ]);
  });

  it('counts registrations per month', async () => {
    const { users } = expectContract(endpoints.admin.users, await get(`/api/data/users${RANGE}`, admin));
    expect(users).toEqual([
      { key: '2031-01', año: '2031', mes: '01', cantidad: 2 },
      { key: '2031-02', año: '2031', mes: '02', cantidad: 1 },
      { key: '2031-03', año: '2031', mes: '03', cantidad: 2 },
    ]);
  });

  it('counts active, not banned users by the month of their last connection (año and mes as numbers)', async () => {
    const { monthly_users } = expectContract(endpoints.admin.monthlyUsers, await get(`/api/data/monthlyusers${RANGE}`, admin));
    expect(monthly_users.map(({ saved_at: _, ...row }) => row)).toEqual([
      { key: '2031-01', año: 2031, mes: 1, cantidad: 2 },
      { key: '2031-03', año: 2031, mes: 3, cantidad: 1 },
    ]);
    expect(new Date(monthly_users[0]!.saved_at).toISOString()).toBe(monthly_users[0]!.saved_at);
  });

  it('answers every month without a range, in month order, and one month when both ends are equal', async () => {
    const { trips } = expectContract(endpoints.admin.trips, await get('/api/data/trips', admin));
    const keys = trips.map((row) => row.key);
    expect(keys).toEqual([...keys].sort());
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toEqual(expect.arrayContaining(['2031-01', '2031-02', '2031-04']));
    expect(keys.some((key) => key < '2031-01')).toBe(true);
    const april = expectContract(endpoints.admin.trips, await get('/api/data/trips?date_from=2031-04&date_to=2031-04', admin));
    expect(april.trips).toEqual([{ key: '2031-04', año: '2031', mes: '04', cantidad: 1, asientos_ofrecidos_total: 1 }]);
    const from = expectContract(endpoints.admin.trips, await get('/api/data/trips?date_from=2031-02', admin));
    expect(from.trips.map((row) => row.key)).toEqual(['2031-02', '2031-04']);
  });

  it.each(['/api/data/trips', '/api/data/seats', '/api/data/users', '/api/data/monthlyusers'])(
    '%s refuses bad month ranges (422), anonymous callers (401) and non-admins (403)',
    async (path) => {
      for (const range of ['?date_from=2031-03&date_to=2031-01', '?date_from=2031-13', '?date_to=2031-1', '?date_from=enero']) {
        const response = await get(`${path}${range}`, admin);
        expect(response.statusCode, range).toBe(422);
        expect(response.json()).toHaveProperty('message');
      }
      expect((await get(path)).statusCode).toBe(401);
      for (const who of [DEMO.driver, DEMO.passenger]) {
        const response = await get(path, await login(app, who));
        expect(response.statusCode).toBe(403);
        expect(response.json().errors.error).toBe('forbidden');
      }
      expect((await get(path, admin)).statusCode).toBe(200);
    },
  );
});

describe('GET /api/admin/users', () => {
  let app: FastifyInstance;
  let admin: string;
  beforeAll(async () => {
    app = await build();
    admin = await login(app, DEMO.admin);
  });
  const list = (query: string, token = admin) => app.inject({ method: 'GET', url: `/api/admin/users${query}`, headers: bearer(token) });

  it('pages every user by id (30 a page), in the admin view, with the provider envelope', async () => {
    const total = await app.db.user.count();
    const first = expectContract(endpoints.admin.listUsers, await list(''));
    expect(first.data).toHaveLength(Math.min(30, total));
    expect(first.meta.pagination).toMatchObject({ total, per_page: 30, current_page: 1, total_pages: Math.ceil(total / 30) });
    const ids = first.data.map((user) => user.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(first.data[0]).toHaveProperty('email');
    const second = expectContract(endpoints.admin.listUsers, await list('?page=2&per_page=5'));
    expect(second.data.map((user) => user.id)).toEqual(ids.slice(5, 10));
    expect(second.meta.pagination.links.previous).toContain('page=1');
  });

  it('sorts by name or e-mail in either direction and filters by name', async () => {
    const byName = expectContract(endpoints.admin.listUsers, await list('?sort=name&direction=desc&per_page=10')).data.map((user) => user.name);
    expect(byName).toEqual([...byName].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    const filtered = expectContract(endpoints.admin.listUsers, await list('?name=pasajera@')).data;
    expect(filtered.map((user) => user.email)).toEqual([DEMO.passenger.email]);
  });

  it('refuses bad queries (422) and non-admins (403/401)', async () => {
    for (const query of ['?per_page=0', '?per_page=101', '?sort=password', '?direction=up', '?page=0']) {
      expect((await list(query)).statusCode, query).toBe(422);
    }
    expect((await list('', await login(app, DEMO.driver))).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/admin/users' })).statusCode).toBe(401);
  });
});

describe('GET /api/users/search answers at most the 3 suggestions the screen shows', () => {
  it('cuts a broad search to 3, by name', async () => {
    const app = await build();
    const admin = await login(app, DEMO.admin);
    const { data } = expectContract(endpoints.users.search, await app.inject({ method: 'GET', url: '/api/users/search?name=a', headers: bearer(admin) }));
    expect(data).toHaveLength(3);
    const names = data.map((user) => user.name);
    expect(names).toEqual([...names].sort());
  });
});
