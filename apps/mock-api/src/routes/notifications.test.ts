import { endpoints, PAGE_SIZES } from '@carpool/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { addRequest, api, inHours, makeTrip, makeUser, makeUsers, type TestUser } from '../../test/booking';
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
  it('lists a page of page_size with page, newest first, without meta, with the type inside extras', async () => {
    const first = await list(reader, `?page=1&page_size=${PAGE_SIZES.notifications}`);
    expect(first.data).toHaveLength(PAGE_SIZES.notifications);
    expect(first).not.toHaveProperty('meta');
    expect(first.data[0]).toMatchObject({ text: 'Aviso 30', readed: false, extras: { type: 'trip', trip_id: 30 } });
    expect(first.data[0]).not.toHaveProperty('type');
    expect(first.data.at(-1)?.text).toBe('Aviso 6');
    const second = await list(reader, `?page=2&page_size=${PAGE_SIZES.notifications}`);
    expect(second.data.map((n) => n.text)).toEqual(['Aviso 5', 'Aviso 4', 'Aviso 3', 'Aviso 2', 'Aviso 1']);
    expect(second.data[0]?.extras.type).toBe('friends');
    // Without both page and page_size the provider lists every one.
    expect((await list(reader, '?page=2')).data).toHaveLength(30);
    // Listing alone marks nothing read.
    expect((await count(reader)).notifications).toBe(30);
  });

  it('marks the listed ones read with mark=true, answering them as they were', async () => {
    const other = await makeUser(app);
    for (const text of ['Primero', 'Segundo', 'Tercero']) await app.services.notifications.notify(other.user.id, { type: 'my-trips', text });
    const marked = await list(other, '?page=1&page_size=2&mark=true');
    expect(marked.data).toMatchObject([{ text: 'Tercero', readed: false, extras: { type: 'my-trips' } }, { text: 'Segundo', readed: false }]);
    expect((await count(other)).notifications).toBe(1);
    expect((await list(other, '?mark=false')).data.map((n) => n.readed)).toEqual([true, true, false]);
    expect((await count(other)).notifications).toBe(1);
  });

  it('counts unread notifications, unread conversations and pending requests plus ratings for my trips', async () => {
    const driver = await makeUser(app);
    const passengers = await makeUsers(app, 3);
    expect(await count(driver)).toEqual({ notifications: 0, messages: 0, my_trips: 0 });

    await app.services.notifications.notify(driver.user.id, { type: 'trip', text: 'Nuevo', extras: { trip_id: 1 } });
    const upcoming = await makeTrip(app, driver.user.id, { date: inHours(48) });
    await addRequest(app, upcoming, passengers[0]!.user.id);
    await addRequest(app, upcoming, passengers[1]!.user.id);
    // Not counted: an accepted passenger, and a request on a trip that already left.
    await addRequest(app, upcoming, passengers[2]!.user.id, 1);
    await addRequest(app, await makeTrip(app, driver.user.id, { date: inHours(-2) }), passengers[0]!.user.id);
    // A trip the driver owes a rating for (it ended within the rating window).
    const past = await makeTrip(app, driver.user.id, { date: inHours(-30) });
    await app.db.rating.create({ data: { trip_id: past.id, user_id_from: driver.user.id, user_id_to: passengers[2]!.user.id, user_to_type: 1 } });
    // Two chats: one unread by the driver.
    for (const read of [false, true]) {
      await app.db.conversation.create({
        data: { type: 0, title: '', users: { create: [{ user_id: driver.user.id, read }, { user_id: passengers[0]!.user.id, read: true }] } },
      });
    }
    expect(await count(driver)).toEqual({ notifications: 1, messages: 1, my_trips: 3 });
    expect(await count(passengers[0]!)).toMatchObject({ messages: 0, my_trips: 0 });
  });

  it('refuses a bad page or page size with 422', async () => {
    for (const query of ['?page=0', '?page=x', '?page_size=0', '?page_size=1000', '?mark=maybe']) {
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
    // The demo badges: each of the two has an unread chat, the driver seat requests to answer.
    const badges = async (who: { email: string; password: string }) =>
      expectContract(endpoints.notifications.count, await app.inject({ method: 'GET', url: '/api/notifications/count', headers: bearer(await login(app, who)) })).data;
    const driver = await badges(DEMO.driver);
    expect(driver.messages).toBeGreaterThan(0);
    expect(driver.my_trips).toBeGreaterThan(0);
    expect(driver.notifications).toBeGreaterThan(0);
    expect((await badges(DEMO.passenger)).messages).toBeGreaterThan(0);
  });
});
