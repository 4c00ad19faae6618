import { endpoints, PAGE_SIZES } from '@carpool/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, makeUser, type TestUser } from '../../test/booking';
import { DEMO, bearer, build, expectContract, login } from '../../test/helper';

let app: FastifyInstance;
let reader: TestUser;

const count = async (who: TestUser) => expectContract(endpoints.notifications.count, await api(app, who, 'GET', '/api/notifications/count')).data;
const list = async (who: TestUser, query = '') => {
  const response = await api(app, who, 'GET', `/api/notifications${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return expectContract(endpoints.notifications.list, response);
};

beforeAll(async () => {
  app = await build();
  reader = await makeUser(app);
  // 30 notifications a minute apart, through the service other domains call.
  const start = app.clock.now().getTime() - 60 * 60_000;
  for (let i = 0; i < 30; i++) {
    app.clock.set(new Date(start + i * 60_000));
    await app.services.notifications.notify(reader.user.id, { type: i % 2 ? 'trip' : 'friends', text: `Aviso ${i + 1}`, extras: { trip_id: i + 1 } });
  }
  app.clock.travelTo(new Date(start + 61 * 60_000));
});

describe('notifications', () => {
  it('counts unread ones as { data: n }', async () => {
    expect(await count(reader)).toBe(30);
  });

  it('lists 25 a page, newest first, marks the listed ones read, and pages with meta', async () => {
    const first = await list(reader);
    expect(first.data).toHaveLength(PAGE_SIZES.notifications);
    expect(first.data[0]).toMatchObject({ text: 'Aviso 30', type: 'trip', readed: false, extras: { trip_id: 30 } });
    expect(first.data.at(-1)?.text).toBe('Aviso 6');
    expect(first.meta?.pagination).toMatchObject({ total: 30, count: 25, per_page: 25, current_page: 1, total_pages: 2 });
    expect(first.meta?.pagination.links.next).toBe('/api/notifications?page=2');
    expect(await count(reader)).toBe(5);

    // The same page again: now read.
    expect((await list(reader)).data.every((n) => n.readed)).toBe(true);

    const second = await list(reader, '?page=2');
    expect(second.data.map((n) => n.text)).toEqual(['Aviso 5', 'Aviso 4', 'Aviso 3', 'Aviso 2', 'Aviso 1']);
    expect(second.data.every((n) => !n.readed)).toBe(true);
    expect(await count(reader)).toBe(0);
  });

  it('leaves them unread with mark=false', async () => {
    const other = await makeUser(app);
    await app.services.notifications.notify(other.user.id, { type: 'my-trips', text: 'Sin leer' });
    expect((await list(other, '?mark=false')).data).toMatchObject([{ text: 'Sin leer', readed: false, extras: {} }]);
    expect(await count(other)).toBe(1);
  });

  it('refuses a bad page or page size with 422', async () => {
    for (const query of ['?page=0', '?page=x', '?page_size=0', '?page_size=1000']) {
      expect((await api(app, reader, 'GET', `/api/notifications${query}`)).statusCode, query).toBe(422);
    }
  });

  it("deletes the caller's own notification only", async () => {
    const owner = await makeUser(app);
    const other = await makeUser(app);
    const note = await app.services.notifications.notify(owner.user.id, { type: 'trip', text: 'Borrame', extras: { trip_id: 1 } });
    const stolen = await api(app, other, 'DELETE', `/api/notifications/${note.id}`);
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json().errors.error).toBe('model_not_found');
    const deleted = await api(app, owner, 'DELETE', `/api/notifications/${note.id}`);
    expect(expectContract(endpoints.notifications.delete, deleted)).toEqual({ data: 'ok' });
    expect(await app.db.notification.count({ where: { id: note.id } })).toBe(0);
    expect((await api(app, owner, 'DELETE', `/api/notifications/${note.id}`)).statusCode).toBe(422);
    expect((await api(app, owner, 'DELETE', '/api/notifications/abc')).statusCode).toBe(422);
  });

  it('answers the seeded notifications of the demo accounts within the contract', async () => {
    for (const who of [DEMO.driver, DEMO.passenger, DEMO.admin]) {
      const token = await login(app, who);
      const response = await app.inject({ method: 'GET', url: '/api/notifications?mark=false', headers: bearer(token) });
      expectContract(endpoints.notifications.list, response);
      expectContract(endpoints.notifications.count, await app.inject({ method: 'GET', url: '/api/notifications/count', headers: bearer(token) }));
    }
  });
});
