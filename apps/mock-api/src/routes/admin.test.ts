import { endpoints } from '@carpool/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, build, expectContract, login } from '../../test/helper';
import { seedChartRows } from '../../test/pact/admin-states';

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

  it('pages every user by id, newest first (30 a page), in the admin view, with the provider envelope', async () => {
    const total = await app.db.user.count();
    const first = expectContract(endpoints.admin.listUsers, await list(''));
    expect(first.data).toHaveLength(Math.min(30, total));
    expect(first.meta.pagination).toMatchObject({ total, per_page: 30, current_page: 1, total_pages: Math.ceil(total / 30) });
    const ids = first.data.map((user) => user.id);
    // The provider's default direction is desc.
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(ids[0]).toBe((await app.db.user.findFirstOrThrow({ orderBy: { id: 'desc' } })).id);
    expect(first.data[0]).toHaveProperty('email');
    const ascending = expectContract(endpoints.admin.listUsers, await list('?direction=ASC&per_page=5')).data.map((user) => user.id);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
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

  it('falls back as the provider does on queries it cannot use, and refuses non-admins (403/401)', async () => {
    const idsOf = async (query: string) => expectContract(endpoints.admin.listUsers, await list(query)).data.map((user) => user.id);
    const newest = await idsOf('?per_page=100');
    const cases: [string, number[], number][] = [
      // per_page clamped to 1-100 (PHP's (int): 'abc' is 0, so 1).
      ['?per_page=0', newest.slice(0, 1), 1],
      ['?per_page=-4', newest.slice(0, 1), 1],
      ['?per_page=abc', newest.slice(0, 1), 1],
      ['?per_page=101', newest, 100],
      ['?per_page=7x', newest.slice(0, 7), 7],
      // An unknown sort is id; a direction other than asc is desc; a bad page is the first.
      ['?sort=password&per_page=3', newest.slice(0, 3), 3],
      ['?direction=up&per_page=3', newest.slice(0, 3), 3],
      ['?page=0&per_page=3', newest.slice(0, 3), 3],
      ['?page=two&per_page=3', newest.slice(0, 3), 3],
    ];
    for (const [query, ids, perPage] of cases) {
      const answer = expectContract(endpoints.admin.listUsers, await list(query));
      expect(answer.data.map((user) => user.id), query).toEqual(ids);
      expect(answer.meta.pagination.per_page, query).toBe(perPage);
      expect(answer.meta.pagination.current_page, query).toBe(1);
    }
    expect((await list(`?name=${'x'.repeat(256)}`)).statusCode).toBe(422);
    expect((await list('', await login(app, DEMO.driver))).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/admin/users' })).statusCode).toBe(401);
  });
});

describe('GET /api/users/search answers at most 9, as UserRepository::searchUsers (the screen shows 3)', () => {
  it('cuts a broad search to 9, by name', async () => {
    const app = await build();
    const admin = await login(app, DEMO.admin);
    const { data } = expectContract(endpoints.users.search, await app.inject({ method: 'GET', url: '/api/users/search?name=a', headers: bearer(admin) }));
    expect(data).toHaveLength(9);
    const names = data.map((user) => user.name);
    expect(names).toEqual([...names].sort());
  });
});
