import { endpoints, LENGTHS, PAGE_SIZES } from '@carpool/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { addRequest, HOUR_MS, makeTrip, makeUser, type TestUser } from '../../test/booking';
import { DEMO, build, expectContract, login, bearer } from '../../test/helper';
import { withConfig } from '../../test/trips';

let app: FastifyInstance;

type Method = 'GET' | 'POST';
const call = (who: TestUser | null, method: Method, url: string, payload?: unknown) =>
  app.inject({ method, url, headers: who ? who.headers : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

const open = async (who: TestUser, to: number, tripId?: number) => {
  const response = await call(who, 'POST', '/api/conversations', { to, ...(tripId ? { tripId } : {}) });
  expect(response.statusCode, response.body).toBe(200);
  return expectContract(endpoints.conversations.create, response).data;
};
const send = async (who: TestUser, id: number, message: string) => {
  const response = await call(who, 'POST', `/api/conversations/${id}/send`, { message });
  expect(response.statusCode, response.body).toBe(200);
  return expectContract(endpoints.conversations.send, response).data;
};
const messages = async (who: TestUser, id: number, query = '') => {
  const response = await call(who, 'GET', `/api/conversations/${id}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return expectContract(endpoints.conversations.messages, response).data;
};
// The clock stands still between steps, so reply delays are exact.
const step = (minutes: number) => app.clock.set(new Date(app.clock.now().getTime() + minutes * 60_000));
const reload = (who: TestUser) => app.db.user.findUniqueOrThrow({ where: { id: who.user.id } });

/** Two users who may chat: the passenger asked for a seat on the driver's trip. */
async function pair() {
  const driver = await makeUser(app, { name: 'Conductora Prueba', image: 'foto.jpg' });
  const passenger = await makeUser(app, { name: 'Pasajero Prueba' });
  const trip = await makeTrip(app, driver.user.id);
  await addRequest(app, trip, passenger.user.id, 1);
  return { driver, passenger, trip };
}

beforeAll(async () => {
  app = await build();
});

describe('who may message whom', () => {
  it('lets a passenger write to the owner of a public trip and the owner to whoever asked for a seat', async () => {
    const { driver, passenger, trip } = await pair();
    const chat = await open(passenger, driver.user.id, trip.id);
    expect(chat).toMatchObject({ type: 0, title: 'Conductora Prueba', image: '/image/profile/foto.jpg', unread: false, last_message: null });
    expect(chat.users.map((u) => u.id).sort()).toEqual([driver.user.id, passenger.user.id].sort());
    // The owner reaches a requester (any state) even without a trip of the requester.
    const asker = await makeUser(app);
    await addRequest(app, trip, asker.user.id, 2);
    expect((await open(driver, asker.user.id)).title).toBe(asker.user.name);
  });

  it('refuses a stranger with the provider answer (no code), and lets friends, admins and messages to admins through', async () => {
    const loner = await makeUser(app);
    const stranger = await makeUser(app);
    const refused = await call(stranger, 'POST', '/api/conversations', { to: loner.user.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ message: 'ConversationController: Unabled to create conversation' });
    expectContract(endpoints.conversations.create, refused);

    // A friends-only trip of the loner does not open the door; a public one does.
    await makeTrip(app, loner.user.id, { friendship: 0 });
    expect((await call(stranger, 'POST', '/api/conversations', { to: loner.user.id })).statusCode).toBe(422);
    // Being the loner's friend does.
    await app.db.friend.createMany({ data: [{ uid1: loner.user.id, uid2: stranger.user.id, state: 1 }, { uid1: stranger.user.id, uid2: loner.user.id, state: 1 }] });
    expect((await open(stranger, loner.user.id)).type).toBe(0);

    const admin = await makeUser(app, { is_admin: true });
    const other = await makeUser(app);
    expect((await open(admin, other.user.id)).title).toBe(other.user.name);
    expect((await open(other, admin.user.id)).id).toBeGreaterThan(0);
  });

  it('opens a chat with the owner of a public trip, past trips included, not of a deleted one', async () => {
    const owner = await makeUser(app);
    const deletedOwner = await makeUser(app);
    const viewer = await makeUser(app);
    await makeTrip(app, owner.user.id, { date: new Date(app.clock.now().getTime() - 48 * HOUR_MS) });
    await makeTrip(app, deletedOwner.user.id, { deleted: true });
    expect((await open(viewer, owner.user.id)).type).toBe(0);
    expect((await call(viewer, 'POST', '/api/conversations', { to: deletedOwner.user.id })).statusCode).toBe(422);
  });

  it('answers unknown or missing recipients with 422', async () => {
    const who = await makeUser(app);
    const unknown = await call(who, 'POST', '/api/conversations', { to: 99_999_999 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({ message: "Bad request exceptions: Destinatary user doesn't exist." });
    for (const body of [{}, { to: 'x' }, { to: -1 }]) {
      const bad = await call(who, 'POST', '/api/conversations', body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(422);
      expect(bad.json().errors.to).toEqual(expect.arrayContaining([expect.any(String)]));
    }
    // Nobody may open a chat with themself.
    expect((await call(who, 'POST', '/api/conversations', { to: who.user.id })).statusCode).toBe(422);
  });
});

describe('create reuses the two-person chat', () => {
  it('answers the same conversation again and moves it to the trip given', async () => {
    const { driver, passenger, trip } = await pair();
    const first = await open(passenger, driver.user.id);
    const again = await open(driver, passenger.user.id, trip.id);
    expect(again.id).toBe(first.id);
    expect((await app.db.conversation.findUniqueOrThrow({ where: { id: first.id } })).trip_id).toBe(trip.id);
    // An unknown trip id is ignored.
    expect((await open(passenger, driver.user.id, 99_999_999)).id).toBe(first.id);
  });

  it('puts the trip in the chat only with module_coordinate_by_message', async () => {
    const { driver, passenger, trip } = await pair();
    const chat = await open(passenger, driver.user.id, trip.id);
    await send(passenger, chat.id, '¿A qué hora salís?');
    const show = async () => expectContract(endpoints.conversations.show, await call(passenger, 'GET', `/api/conversations/show/${chat.id}`)).data;
    expect((await show()).trip).toMatchObject({ id: trip.id });
    await withConfig(app, { module_coordinate_by_message: false }, async () => {
      expect((await show()).trip).toBeUndefined();
    });
  });

  it('sends the return trip beside the trip, as ConversationsTransformer does, and none inside it', async () => {
    const { driver, passenger, trip } = await pair();
    const returnTrip = await makeTrip(app, driver.user.id, { date: new Date(trip.trip_date.getTime() + 48 * HOUR_MS) });
    await app.db.trip.update({ where: { id: returnTrip.id }, data: { parent_trip_id: trip.id } });
    const chat = await open(passenger, driver.user.id, trip.id);
    await send(passenger, chat.id, '¿Volvés el domingo?');
    const show = async () => expectContract(endpoints.conversations.show, await call(passenger, 'GET', `/api/conversations/show/${chat.id}`)).data;
    const shown = await show();
    expect(shown.trip).toMatchObject({ id: trip.id });
    expect(shown.trip).not.toHaveProperty('return_trip');
    expect(shown.return_trip).toMatchObject({ id: returnTrip.id, points: expect.any(Array) });
    const listed = expectContract(endpoints.conversations.list, await call(passenger, 'GET', '/api/conversations')).data;
    expect(listed.find((row) => row.id === chat.id)?.return_trip?.id).toBe(returnTrip.id);

    // Reopened about the return trip, the chat has no return trip.
    await open(passenger, driver.user.id, returnTrip.id);
    const aboutReturn = await show();
    expect(aboutReturn.trip).toMatchObject({ id: returnTrip.id });
    expect(aboutReturn).not.toHaveProperty('return_trip');
    // Back on the outbound trip, a deleted return trip is left out.
    await open(passenger, driver.user.id, trip.id);
    await app.db.trip.update({ where: { id: returnTrip.id }, data: { deleted_at: app.clock.now() } });
    expect(await show()).not.toHaveProperty('return_trip');
  });
});

describe('request limit', () => {
  it('counts new chats about the trip toward the driver limit; an existing chat always reopens', async () => {
    const driver = await makeUser(app, { unaswered_messages_limit: 1 });
    const trip = await makeTrip(app, driver.user.id);
    const [a, b, c] = [await makeUser(app), await makeUser(app), await makeUser(app)];
    const chatA = await open(a, driver.user.id, trip.id);
    await send(a, chatA.id, '¿Te queda un lugar?');
    // One unanswered chat reached the limit of 1.
    const refused = await call(b, 'POST', '/api/conversations', { to: driver.user.id, tripId: trip.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ message: 'ConversationController: Unabled to create conversation', errors: { error: ['user_has_reach_request_limit'] } });
    // And a seat request too (request-service counts the same chats).
    const seat = await call(b, 'POST', `/api/trips/${trip.id}/requests`);
    expect(seat.json().errors.error).toEqual(['user_has_reach_request_limit']);
    // Without a trip, or reopening an existing chat, the limit does not apply.
    expect((await open(b, driver.user.id)).id).toBeGreaterThan(0);
    expect((await open(a, driver.user.id, trip.id)).id).toBe(chatA.id);
    // A passenger who already asked for a seat may still open a chat about it.
    await addRequest(app, trip, c.user.id, 0);
    expect((await open(c, driver.user.id, trip.id)).id).toBeGreaterThan(0);
    // Once the driver answers, there is room again (c's pending request is the only count left... of 1).
    await send(driver, chatA.id, 'Sí, queda uno.');
    await app.db.passenger.updateMany({ where: { trip_id: trip.id, user_id: c.user.id }, data: { request_state: 3 } });
    const d = await makeUser(app);
    expect((await open(d, driver.user.id, trip.id)).id).toBeGreaterThan(0);
  });
});

describe('messages', () => {
  it('sends up to 800 characters; refuses 801, 901, empty and blank texts with 422', async () => {
    const { driver, passenger } = await pair();
    const chat = await open(passenger, driver.user.id);
    const longest = 'a'.repeat(LENGTHS.message);
    expect((await send(passenger, chat.id, longest)).text).toBe(longest);
    for (const message of ['a'.repeat(801), 'a'.repeat(901), '', '   \n ']) {
      const bad = await call(passenger, 'POST', `/api/conversations/${chat.id}/send`, { message });
      expect(bad.statusCode, `${message.length} chars`).toBe(422);
      expect(bad.json().errors.message).toEqual(expect.arrayContaining([expect.any(String)]));
    }
    expect((await call(passenger, 'POST', `/api/conversations/${chat.id}/send`, {})).statusCode).toBe(422);
    expect(await app.db.message.count({ where: { conversation_id: chat.id } })).toBe(1);
  });

  it("refuses to send to an unknown conversation or someone else's", async () => {
    const { driver, passenger } = await pair();
    const chat = await open(passenger, driver.user.id);
    const outsider = await makeUser(app);
    for (const url of [`/api/conversations/${chat.id}/send`, '/api/conversations/99999999/send']) {
      const refused = await call(outsider, 'POST', url, { message: 'Hola' });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({ message: 'Bad request exceptions', errors: { conversation_id: 'conversation_does_not_exist' } });
    }
    // An admin may write into any conversation.
    const admin = await makeUser(app, { is_admin: true });
    expect((await send(admin, chat.id, 'Mensaje de la administración')).user_id).toBe(admin.user.id);
  });

  it('notifies the others, makes the chat unread for them and counts opened and answered chats', async () => {
    const { driver, passenger } = await pair();
    const chat = await open(passenger, driver.user.id);
    const sent = await send(passenger, chat.id, 'Hola, ¿sale el viaje?');
    expect(sent).toMatchObject({ conversation_id: chat.id, user_id: passenger.user.id, no_of_read: 1, is_system: false });
    const notes = await app.db.notification.findMany({ where: { user_id: driver.user.id, type: 'conversation' } });
    expect(notes.map((n) => [n.text, JSON.parse(n.extras)])).toEqual([['Pasajero Prueba te envió un mensaje.', { conversation_id: chat.id }]]);
    expect(await app.db.notification.count({ where: { user_id: passenger.user.id, type: 'conversation' } })).toBe(0);
    expect((await reload(driver)).conversation_opened_count).toBe(1);

    const list = expectContract(endpoints.conversations.list, await call(driver, 'GET', '/api/conversations'));
    expect(list.data.find((c) => c.id === chat.id)).toMatchObject({ unread: true, last_message: { text: 'Hola, ¿sale el viaje?' } });

    step(90);
    await send(passenger, chat.id, '¿Hola?');
    step(30);
    await send(driver, chat.id, 'Sí, sale a las 8.');
    const answered = await reload(driver);
    expect(answered.conversation_answered_count).toBe(1);
    expect(answered.answer_delay_sum).toBe(120 * 60);
    // Later replies count nothing more.
    await send(driver, chat.id, 'Te espero.');
    await send(passenger, chat.id, 'Gracias');
    expect(await reload(driver)).toMatchObject({ conversation_answered_count: 1, conversation_opened_count: 1, answer_delay_sum: 7200 });
    expect(await reload(passenger)).toMatchObject({ conversation_answered_count: 0, conversation_opened_count: 0 });
  });

  it('lists newest first, 20 at a time, pages back with timestamp and shows no_of_read only on own messages', async () => {
    const { driver, passenger } = await pair();
    const chat = await open(passenger, driver.user.id);
    for (let i = 1; i <= 25; i++) {
      step(1);
      await send(i % 2 ? passenger : driver, chat.id, `Mensaje ${i}`);
    }
    const first = await messages(passenger, chat.id, `?pageSize=${PAGE_SIZES.messages}`);
    expect(first.map((m) => m.text)).toEqual(Array.from({ length: 20 }, (_, i) => `Mensaje ${25 - i}`));
    expect(first.filter((m) => m.user_id === passenger.user.id).every((m) => m.no_of_read === 1)).toBe(true);
    expect(first.filter((m) => m.user_id === driver.user.id).every((m) => m.no_of_read === undefined)).toBe(true);
    const older = await messages(passenger, chat.id, `?pageSize=20&timestamp=${encodeURIComponent(first.at(-1)!.created_at)}`);
    expect(older.map((m) => m.text)).toEqual(['Mensaje 5', 'Mensaje 4', 'Mensaje 3', 'Mensaje 2', 'Mensaje 1']);
    expect(await messages(passenger, chat.id, `?timestamp=${encodeURIComponent(older.at(-1)!.created_at)}`)).toEqual([]);
    // The default page is 20 too.
    expect(await messages(passenger, chat.id)).toHaveLength(20);
    for (const query of ['?pageSize=0', '?pageSize=x', '?timestamp=ayer', '?read=quizas']) {
      expect((await call(passenger, 'GET', `/api/conversations/${chat.id}${query}`)).statusCode, query).toBe(422);
    }
  });

  it('marks read with read=true: the seen tick (no_of_read 2), unread=true lists only the unread ones', async () => {
    const { driver, passenger } = await pair();
    const chat = await open(passenger, driver.user.id);
    await send(passenger, chat.id, 'Uno');
    step(1);
    await send(passenger, chat.id, 'Dos');
    expect((await messages(driver, chat.id, '?unread=true')).map((m) => m.text)).toEqual(['Dos', 'Uno']);
    await messages(driver, chat.id, '?read=false');
    expect(await messages(driver, chat.id, '?unread=true')).toHaveLength(2);
    await messages(driver, chat.id, '?read=true');
    expect(await messages(driver, chat.id, '?unread=true')).toEqual([]);
    expect((await messages(passenger, chat.id)).map((m) => m.no_of_read)).toEqual([2, 2]);
    const show = expectContract(endpoints.conversations.show, await call(driver, 'GET', `/api/conversations/show/${chat.id}`));
    expect(show.data.unread).toBe(false);
  });

  it("refuses someone else's or an unknown conversation, lets admins read any", async () => {
    const { driver, passenger } = await pair();
    const chat = await open(passenger, driver.user.id);
    await send(passenger, chat.id, 'Privado');
    const outsider = await makeUser(app);
    for (const id of [chat.id, 99_999_999]) {
      const refused = await call(outsider, 'GET', `/api/conversations/${id}`);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({ message: 'Bad request exceptions', errors: { conversation_id: 'user_does_not_have_access_to_conversation' } });
      expect((await call(outsider, 'GET', `/api/conversations/${id}/users`)).statusCode).toBe(422);
      const show = await call(outsider, 'GET', `/api/conversations/show/${id}`);
      expect(show.statusCode).toBe(422);
      expect(show.json()).toEqual({ message: 'Bad request exceptions' });
    }
    const admin = await makeUser(app, { is_admin: true });
    expect((await messages(admin, chat.id)).map((m) => m.text)).toEqual(['Privado']);
    const members = expectContract(endpoints.conversations.users, await call(admin, 'GET', `/api/conversations/${chat.id}/users`));
    expect(members.map((m) => m.id).sort()).toEqual([driver.user.id, passenger.user.id].sort());
    // show has no admin bypass (provider).
    expect((await call(admin, 'GET', `/api/conversations/show/${chat.id}`)).statusCode).toBe(422);
  });
});

describe('lists', () => {
  it('lists only chats with messages, most recently active first, 20 a page, title and image from the other member', async () => {
    const me = await makeUser(app, { is_admin: true });
    const people = await Promise.all(Array.from({ length: 22 }, (_, i) => makeUser(app, { name: `Persona ${String(i).padStart(2, '0')}` })));
    const empty = await open(me, people[0]!.user.id);
    for (const person of people.slice(1)) {
      const chat = await open(me, person.user.id);
      step(1);
      await send(person, chat.id, `Hola de ${person.user.name}`);
    }
    const page1 = expectContract(endpoints.conversations.list, await call(me, 'GET', '/api/conversations'));
    expect(page1.meta.pagination).toMatchObject({ total: 21, per_page: 20, count: 20, current_page: 1, total_pages: 2 });
    expect(page1.data[0]).toMatchObject({ title: 'Persona 21', image: '', unread: true, last_message: { text: 'Hola de Persona 21' } });
    expect(page1.data[0]!.update_at).toBe(page1.data[0]!.updated_at);
    const page2 = expectContract(endpoints.conversations.list, await call(me, 'GET', '/api/conversations?page=2'));
    expect(page2.data.map((c) => c.title)).toEqual(['Persona 01']);
    expect([...page1.data, ...page2.data].some((c) => c.id === empty.id)).toBe(false);

    // user-list: the people of my chats, by name.
    const users = expectContract(endpoints.conversations.userList, await call(me, 'GET', '/api/conversations/user-list?value=persona 0'));
    expect(users.data.map((u) => u.name).sort()).toEqual(['Persona 01', 'Persona 02', 'Persona 03', 'Persona 04', 'Persona 05', 'Persona 06', 'Persona 07', 'Persona 08', 'Persona 09']);
    const all = expectContract(endpoints.conversations.userList, await call(me, 'GET', '/api/conversations/user-list'));
    expect(all.data).toHaveLength(21);
  });

  it('polls unread messages across chats, after a timestamp, and marks one chat read', async () => {
    const { driver, passenger } = await pair();
    const chat = await open(passenger, driver.user.id);
    await send(passenger, chat.id, 'Primero');
    step(5);
    const since = (await messages(passenger, chat.id))[0]!.created_at;
    step(5);
    await send(passenger, chat.id, 'Segundo');
    const unread = (query: string) => call(driver, 'GET', `/api/conversations/unread${query}`);
    const all = expectContract(endpoints.conversations.unread, await unread(''));
    expect(all.data.map((m) => m.text)).toEqual(['Segundo', 'Primero']);
    const newer = expectContract(endpoints.conversations.unread, await unread(`?timestamp=${encodeURIComponent(since)}`));
    expect(newer.data.map((m) => m.text)).toEqual(['Segundo']);
    // The answer still carries the messages; the chat is read afterwards.
    expect((await unread(`?conversation_id=${chat.id}`)).json().data).toHaveLength(2);
    expect((await unread('')).json().data).toEqual([]);
    expect((await messages(passenger, chat.id)).map((m) => m.no_of_read)).toEqual([2, 2]);
  });
});

describe('multi-send (message to all)', () => {
  it("reaches the owner's trip passengers only, each in their private chat, and always answers { message: true }", async () => {
    const owner = await makeUser(app, { name: 'Dueña' });
    const trip = await makeTrip(app, owner.user.id);
    const [p1, p2, pending, stranger] = [await makeUser(app), await makeUser(app), await makeUser(app), await makeUser(app)];
    await addRequest(app, trip, p1.user.id, 1);
    await addRequest(app, trip, p2.user.id, 4);
    await addRequest(app, trip, pending.user.id, 0);
    const existing = await open(owner, p1.user.id);
    const response = await call(owner, 'POST', '/api/conversations/multi-send', {
      message: 'Salimos 15 minutos antes.',
      users: [p1.user.id, p2.user.id, pending.user.id, stranger.user.id, 99_999_999],
    });
    expect(expectContract(endpoints.conversations.multiSend, response)).toEqual({ message: true });
    const received = async (who: TestUser) =>
      app.db.message.count({ where: { user_id: owner.user.id, text: 'Salimos 15 minutos antes.', conversation: { users: { some: { user_id: who.user.id } } } } });
    expect([await received(p1), await received(p2), await received(pending), await received(stranger)]).toEqual([1, 1, 0, 0]);
    expect(await app.db.message.count({ where: { conversation_id: existing.id } })).toBe(1);
    // A passenger cannot use it to write to the other passengers.
    await call(p1, 'POST', '/api/conversations/multi-send', { message: 'Hola a todos', users: [p2.user.id] });
    expect(await app.db.message.count({ where: { user_id: p1.user.id, text: 'Hola a todos' } })).toBe(0);
    for (const body of [{ message: '', users: [p1.user.id] }, { message: 'x'.repeat(901), users: [p1.user.id] }, { message: 'Hola', users: [] }, { message: 'Hola' }]) {
      expect((await call(owner, 'POST', '/api/conversations/multi-send', body)).statusCode).toBe(422);
    }
  });
});

describe('roles', () => {
  it('answers 401 to every call without a token', async () => {
    const calls: [Method, string, unknown?][] = [
      ['GET', '/api/conversations'],
      ['GET', '/api/conversations/show/1'],
      ['GET', '/api/conversations/user-list'],
      ['POST', '/api/conversations', { to: 1 }],
      ['GET', '/api/conversations/1'],
      ['GET', '/api/conversations/1/users'],
      ['POST', '/api/conversations/1/send', { message: 'Hola' }],
      ['POST', '/api/conversations/multi-send', { message: 'Hola', users: [1] }],
      ['GET', '/api/conversations/unread'],
    ];
    for (const [method, url, payload] of calls) expect((await call(null, method, url, payload)).statusCode, url).toBe(401);
  });

  it("answers the demo accounts' seeded conversations within the contract", async () => {
    for (const who of [DEMO.driver, DEMO.passenger, DEMO.admin]) {
      const headers = bearer(await login(app, who));
      const list = expectContract(endpoints.conversations.list, await app.inject({ method: 'GET', url: '/api/conversations', headers }));
      expect(list.data.length, who.email).toBeGreaterThan(0);
      const first = list.data[0]!;
      const page = expectContract(endpoints.conversations.messages, await app.inject({ method: 'GET', url: `/api/conversations/${first.id}?pageSize=20`, headers }));
      expect(page.data.length).toBeGreaterThan(0);
    }
  });
});
