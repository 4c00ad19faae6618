import { endpoints } from '@carpool/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeTrip, makeUser, type TestUser } from '../../test/booking';
import { DEMO, bearer, build, expectContract, login } from '../../test/helper';

let app: FastifyInstance;

const call = (who: TestUser | null, method: 'GET' | 'POST', url: string) => app.inject({ method, url, headers: who ? who.headers : {} });
const act = async (who: TestUser, action: 'request' | 'accept' | 'reject' | 'delete', other: TestUser) => {
  const response = await call(who, 'POST', `/api/friends/${action}/${other.user.id}`);
  expect(response.statusCode, response.body).toBe(200);
  expect(expectContract(endpoints.friends[action], response)).toBe('OK');
};
const rows = async (a: TestUser, b: TestUser) =>
  (
    await app.db.friend.findMany({
      where: { OR: [{ uid1: a.user.id, uid2: b.user.id }, { uid1: b.user.id, uid2: a.user.id }] },
      orderBy: { uid1: 'asc' },
    })
  ).map((row) => [row.uid1 === a.user.id ? 'a→b' : 'b→a', row.state]);
const pending = async (who: TestUser) =>
  expectContract(endpoints.friends.pending, await call(who, 'GET', '/api/friends/pedings')).data.map((user) => user.id);
const sent = async (who: TestUser) =>
  expectContract(endpoints.friends.sentPending, await call(who, 'GET', '/api/friends/sent-pendings')).data.map((user) => user.id);
const friends = async (who: TestUser, query = '') =>
  expectContract(endpoints.friends.list, await call(who, 'GET', `/api/friends${query}`));
const notes = async (who: TestUser) =>
  (await app.db.notification.findMany({ where: { user_id: who.user.id, type: 'friends' }, orderBy: { id: 'asc' } })).map((n) => [n.text, JSON.parse(n.extras)]);
const invalid = { message: 'Bad request exceptions', errors: { error: 'Operación inválida' } };

beforeAll(async () => {
  app = await build();
});

describe('friend requests', () => {
  it('request → pending for the target → accept writes two rows and both see each other; notifications of type friends', async () => {
    const ana = await makeUser(app, { name: 'Ana Amiga' });
    const beto = await makeUser(app, { name: 'Beto Amigo' });
    await act(ana, 'request', beto);
    expect(await rows(ana, beto)).toEqual([['a→b', 0]]);
    expect(await pending(beto)).toEqual([ana.user.id]);
    expect(await pending(ana)).toEqual([]);
    expect(await sent(ana)).toEqual([beto.user.id]);
    expect(await sent(beto)).toEqual([]);
    expect(await notes(beto)).toEqual([['Ana Amiga te envió una solicitud de amistad.', { user_id: ana.user.id }]]);

    await act(beto, 'accept', ana);
    expect((await rows(ana, beto)).sort()).toEqual([['a→b', 1], ['b→a', 1]]);
    expect(await pending(beto)).toEqual([]);
    expect(await sent(ana)).toEqual([]);
    expect((await friends(ana)).data.map((u) => u.id)).toEqual([beto.user.id]);
    expect((await friends(beto)).data.map((u) => u.id)).toEqual([ana.user.id]);
    expect(await notes(ana)).toEqual([['Beto Amigo aceptó tu solicitud de amistad.', { user_id: beto.user.id }]]);

    // Already friends: another request is an invalid operation.
    const again = await call(ana, 'POST', `/api/friends/request/${beto.user.id}`);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual(invalid);

    await act(beto, 'delete', ana);
    expect(await rows(ana, beto)).toEqual([]);
    expect((await friends(ana)).data).toEqual([]);
    expect((await notes(ana)).at(-1)).toEqual(['Beto Amigo dejó de ser tu amigo.', { user_id: beto.user.id }]);
  });

  it('reject removes the request and tells the requester; a new request replaces one in the other direction', async () => {
    const ana = await makeUser(app, { name: 'Ana Rechazada' });
    const beto = await makeUser(app, { name: 'Beto Rechaza' });
    await act(ana, 'request', beto);
    await act(beto, 'reject', ana);
    expect(await rows(ana, beto)).toEqual([]);
    expect(await pending(beto)).toEqual([]);
    expect(await notes(ana)).toEqual([['Beto Rechaza rechazó tu solicitud de amistad.', { user_id: beto.user.id }]]);

    await act(ana, 'request', beto);
    await act(beto, 'request', ana);
    expect(await rows(ana, beto)).toEqual([['b→a', 0]]);
  });

  it('refuses actions whose precondition fails with Operación inválida, and unknown users without a code', async () => {
    const ana = await makeUser(app);
    const beto = await makeUser(app);
    for (const action of ['accept', 'reject', 'delete']) {
      const response = await call(ana, 'POST', `/api/friends/${action}/${beto.user.id}`);
      expect(response.statusCode, action).toBe(422);
      expect(response.json()).toEqual(invalid);
      expectContract(endpoints.friends.accept, response);
    }
    // My own request is not mine to accept.
    await act(ana, 'request', beto);
    expect((await call(ana, 'POST', `/api/friends/accept/${beto.user.id}`)).json()).toEqual(invalid);
    // Oneself.
    expect((await call(ana, 'POST', `/api/friends/request/${ana.user.id}`)).json()).toEqual(invalid);
    for (const action of ['request', 'accept', 'reject', 'delete']) {
      const unknown = await call(ana, 'POST', `/api/friends/${action}/99999999`);
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json()).toEqual({ message: 'Bad request exceptions' });
      expect((await call(ana, 'POST', `/api/friends/${action}/abc`)).statusCode).toBe(422);
    }
  });
});

describe('friends list', () => {
  it('pages, filters by name ignoring accents and case, and checks its query', async () => {
    const me = await makeUser(app);
    const names = ['Zoe Gómez', 'Ana Pérez', 'Luis Gomez', 'Marta Ruiz'];
    for (const name of names) {
      const other = await makeUser(app, { name });
      await act(me, 'request', other);
      await act(other, 'accept', me);
    }
    const all = await friends(me, '?page_size=20');
    expect(all.data.map((u) => u.name)).toEqual(['Ana Pérez', 'Luis Gomez', 'Marta Ruiz', 'Zoe Gómez']);
    expect(all.data[0]).not.toHaveProperty('email');
    const page = await friends(me, '?page=2&page_size=3');
    expect(page.data.map((u) => u.name)).toEqual(['Zoe Gómez']);
    expect('meta' in page && page.meta.pagination).toMatchObject({ total: 4, count: 1, per_page: 3, current_page: 2, total_pages: 2 });
    expect((await friends(me, '?value=GOMEZ')).data.map((u) => u.name)).toEqual(['Luis Gomez', 'Zoe Gómez']);
    // Without page_size the provider answers every friend, with no meta (FriendsController::index).
    for (const query of ['', '?page=2']) {
      const every = await friends(me, query);
      expect(every, query).not.toHaveProperty('meta');
      expect(every.data.map((u) => u.name), query).toEqual(['Ana Pérez', 'Luis Gomez', 'Marta Ruiz', 'Zoe Gómez']);
    }
    for (const query of ['?page=0', '?page_size=0', `?value=${'x'.repeat(101)}`]) {
      expect((await call(me, 'GET', `/api/friends${query}`)).statusCode, query).toBe(422);
    }
  });
});

describe('trip visibility follows friendship at once', () => {
  it('a friends-only trip shows to the new friend on accept and hides on delete; friends of friends see privacy 1', async () => {
    const owner = await makeUser(app);
    const friend = await makeUser(app);
    const friendOfFriend = await makeUser(app);
    const friendsOnly = await makeTrip(app, owner.user.id, { friendship: 0 });
    const fof = await makeTrip(app, owner.user.id, { friendship: 1 });
    const sees = async (who: TestUser, tripId: number) => (await call(who, 'GET', `/api/trips/${tripId}`)).statusCode === 200;

    expect(await sees(friend, friendsOnly.id)).toBe(false);
    await act(friend, 'request', owner);
    expect(await sees(friend, friendsOnly.id)).toBe(false);
    await act(owner, 'accept', friend);
    expect(await sees(friend, friendsOnly.id)).toBe(true);

    await act(friendOfFriend, 'request', friend);
    await act(friend, 'accept', friendOfFriend);
    expect(await sees(friendOfFriend, fof.id)).toBe(true);
    expect(await sees(friendOfFriend, friendsOnly.id)).toBe(false);

    await act(owner, 'delete', friend);
    expect(await sees(friend, friendsOnly.id)).toBe(false);
    expect(await sees(friendOfFriend, fof.id)).toBe(false);
  });
});

describe('roles', () => {
  it('answers 401 without a token', async () => {
    for (const [method, url] of [['GET', '/api/friends'], ['GET', '/api/friends/pedings'], ['GET', '/api/friends/sent-pendings'], ['POST', '/api/friends/request/1'], ['POST', '/api/friends/accept/1'], ['POST', '/api/friends/reject/1'], ['POST', '/api/friends/delete/1']] as const) {
      expect((await call(null, method, url)).statusCode, url).toBe(401);
    }
  });

  it("answers the demo passenger's seeded friends and pending requests within the contract", async () => {
    const headers = bearer(await login(app, DEMO.passenger));
    const list = expectContract(endpoints.friends.list, await app.inject({ method: 'GET', url: '/api/friends?page_size=20', headers }));
    expect(list.data.length).toBeGreaterThan(0);
    const waiting = expectContract(endpoints.friends.pending, await app.inject({ method: 'GET', url: '/api/friends/pedings', headers }));
    // The seed gives her several requests to answer, and two she sent that wait.
    expect(waiting.data.length).toBeGreaterThanOrEqual(2);
    const sentByHer = expectContract(endpoints.friends.sentPending, await app.inject({ method: 'GET', url: '/api/friends/sent-pendings', headers }));
    expect(sentByHer.data).toHaveLength(2);
    expect(sentByHer.data.some((user) => waiting.data.some((other) => other.id === user.id))).toBe(false);
  });
});
