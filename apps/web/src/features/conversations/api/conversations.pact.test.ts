import { MatchersV3 } from '@pact-foundation/pact';
import { PAGE_SIZES, endpoints } from '@carpool/contracts';
import { describe, expect, it } from 'vitest';
import { authHeaders, authJsonHeaders, createPact, dateTime, exampleTrip, loggedInClient, tripMatcher } from '@/testing/pact';
import { exampleStranger, publicProfileMatcher } from '@/testing/pact-users';

const { like, eachLike, integer, string, boolean, fromProviderState } = MatchersV3;
const pact = createPact();
const passenger = { email: 'pasajera@carpool.ar' };
const driverEmail = { email: 'conductor@carpool.ar' };

/** The state's private chat: the passenger asked, the driver answered (unread by her). */
const chatState = { passenger: passenger.email, driver: driverEmail.email, question: '¿Te queda un lugar para el viernes?', answer: 'Sí, salgo a las 8.' };

const message = (text: string, own: boolean) => ({
  id: integer(10),
  text: string(text),
  created_at: dateTime('2026-11-21 10:00:00'),
  user_id: integer(2),
  conversation_id: integer(5),
  is_system: boolean(false),
  ...(own ? { no_of_read: integer(1) } : {}),
});

const member = { id: integer(2), name: string('Martín Gómez'), image: string('/image/profile/martin.jpg'), last_connection: dateTime('2026-11-21 09:00:00') };

const conversation = (unread: boolean) => ({
  id: integer(5),
  type: 0,
  title: string('Martín Gómez'),
  image: string('/image/profile/martin.jpg'),
  unread: boolean(unread),
  // The provider sends update_at (sic) and no updated_at: the client needs only what both send.
  update_at: dateTime('2026-11-21 10:05:00'),
  last_message: like(message(chatState.answer, false)),
  users: eachLike(member, 2),
});

const showPath = () => fromProviderState('/api/conversations/show/${conversationId}', '/api/conversations/show/5');
const chatPath = (suffix = '') => fromProviderState(`/api/conversations/\${conversationId}${suffix}`, `/api/conversations/5${suffix}`);

describe('conversations (consumer)', () => {
  it('lists the conversations, newest first, paged', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', passenger)
      .given('a private chat between the passenger and the driver', chatState)
      .uponReceiving('a request for the first page of conversations')
      .withRequest('GET', '/api/conversations', (builder) => builder.headers(authHeaders).query({ page: '1', page_size: String(PAGE_SIZES.default) }))
      .willRespondWith(200, (builder) => builder.jsonBody({ data: eachLike(conversation(true), 1), meta: { pagination: like({ total: 1, count: 1, per_page: 20, current_page: 1, total_pages: 1 }) } }))
      .executeTest(async (server) => {
        const answer = await loggedInClient(server).call(endpoints.conversations.list, { query: { page: 1, page_size: PAGE_SIZES.default } });
        expect(answer.data[0]?.unread).toBe(true);
      });
  });

  it('shows one conversation', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', passenger)
      .given('a private chat between the passenger and the driver', chatState)
      .uponReceiving('a request for one conversation')
      .withRequest('GET', showPath(), (builder) => builder.headers(authHeaders))
      .willRespondWith(200, (builder) => builder.jsonBody({ data: like(conversation(true)) }))
      .executeTest(async (server) => {
        const answer = await loggedInClient(server).call(endpoints.conversations.show, { params: { id: 5 } });
        expect(answer.data.title).toBeTruthy();
      });
  });

  it('shows a chat about a trip with its return trip beside the trip', async () => {
    // The provider's trips inside a conversation have no return_trip (undefined drops it from the body).
    const conversationTrip = tripMatcher(exampleTrip, { return_trip: undefined });
    // What the chat's return panel reads: the trip's id and towns (the provider sends no parent_trip_id).
    const returnTrip = tripMatcher({ ...exampleTrip, id: exampleTrip.id + 1 }, { return_trip: undefined });
    await pact
      .addInteraction()
      .given('the user is logged in', passenger)
      .given('a private chat about a trip of the driver with a return trip', chatState)
      .uponReceiving('a request for a chat about a trip that has a return trip')
      .withRequest('GET', showPath(), (builder) => builder.headers(authHeaders))
      .willRespondWith(200, (builder) => builder.jsonBody({ data: like({ ...conversation(true), trip: conversationTrip, return_trip: returnTrip }) }))
      .executeTest(async (server) => {
        const { data } = await loggedInClient(server).call(endpoints.conversations.show, { params: { id: 5 } });
        expect(data.return_trip?.id).not.toBe(data.trip?.id);
        expect(data.return_trip?.to_town).toBeTruthy();
        expect(data.trip).not.toHaveProperty('return_trip');
      });
  });

  it('searches the people of my chats by name', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', passenger)
      .given('a private chat between the passenger and the driver', chatState)
      .uponReceiving('a search of the people of my chats')
      .withRequest('GET', '/api/conversations/user-list', (builder) => builder.headers(authHeaders).query({ value: 'Martín' }))
      .willRespondWith(200, (builder) => builder.jsonBody({ data: eachLike(publicProfileMatcher({ ...exampleStranger, name: 'Martín Gómez', state: undefined }), 1) }))
      .executeTest(async (server) => {
        const answer = await loggedInClient(server).call(endpoints.conversations.userList, { query: { value: 'Martín' } });
        expect(answer.data[0]?.name).toContain('Martín');
      });
  });

  it('opens the chat with a user (the existing one)', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', passenger)
      .given('a private chat between the passenger and the driver', chatState)
      .uponReceiving('a request to open the chat with the driver')
      .withRequest('POST', '/api/conversations', (builder) =>
        builder.headers(authJsonHeaders).jsonBody({ to: fromProviderState('${driverId}', 2) }),
      )
      .willRespondWith(200, (builder) => builder.jsonBody({ data: like(conversation(true)) }))
      .executeTest(async (server) => {
        const answer = await loggedInClient(server).call(endpoints.conversations.create, { body: { to: 2 } });
        expect(answer.data.id).toBeGreaterThan(0);
      });
  });

  it('refuses a chat with someone the user may not message', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', passenger)
      .given('a member the passenger may not message', { name: 'Ramiro Luna' })
      .uponReceiving('a request to open a chat that is not allowed')
      .withRequest('POST', '/api/conversations', (builder) => builder.headers(authJsonHeaders).jsonBody({ to: fromProviderState('${userId}', 77) }))
      .willRespondWith(422, (builder) => builder.jsonBody({ message: string('ConversationController: Unabled to create conversation') }))
      .executeTest(async (server) => {
        await expect(loggedInClient(server).call(endpoints.conversations.create, { body: { to: 77 } })).rejects.toMatchObject({ status: 422 });
      });
  });

  it('reads the newest 20 messages and marks them read', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', passenger)
      .given('a private chat between the passenger and the driver', chatState)
      .uponReceiving('a request for the newest messages of a chat')
      .withRequest('GET', chatPath(), (builder) => builder.headers(authHeaders).query({ pageSize: String(PAGE_SIZES.messages), read: 'true' }))
      .willRespondWith(200, (builder) => builder.jsonBody({ data: [message(chatState.answer, false), message(chatState.question, true)] }))
      .executeTest(async (server) => {
        const answer = await loggedInClient(server).call(endpoints.conversations.messages, { params: { id: 5 }, query: { pageSize: PAGE_SIZES.messages, read: true } });
        expect(answer.data.map((item) => item.text)).toEqual([chatState.answer, chatState.question]);
        expect(answer.data[1]?.no_of_read).toBe(1);
      });
  });

  it('lists the members of a chat', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', passenger)
      .given('a private chat between the passenger and the driver', chatState)
      .uponReceiving('a request for the members of a chat')
      .withRequest('GET', chatPath('/users'), (builder) => builder.headers(authHeaders))
      .willRespondWith(200, (builder) => builder.jsonBody(eachLike(member, 2)))
      .executeTest(async (server) => {
        const answer = await loggedInClient(server).call(endpoints.conversations.users, { params: { id: 5 } });
        expect(answer).toHaveLength(2);
      });
  });

  it('sends a message', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', passenger)
      .given('a private chat between the passenger and the driver', chatState)
      .uponReceiving('a message sent to a chat')
      .withRequest('POST', chatPath('/send'), (builder) => builder.headers(authJsonHeaders).jsonBody({ message: 'Perfecto, nos vemos.' }))
      .willRespondWith(200, (builder) => builder.jsonBody({ data: like(message('Perfecto, nos vemos.', true)) }))
      .executeTest(async (server) => {
        const answer = await loggedInClient(server).call(endpoints.conversations.send, { params: { id: 5 }, body: { message: 'Perfecto, nos vemos.' } });
        expect(answer.data.no_of_read).toBe(1);
      });
  });

  it('sends the owner message to all passengers', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', driverEmail)
      .given('the driver has a passenger aboard', { passenger: passenger.email })
      .uponReceiving('a message to all the passengers of a trip')
      .withRequest('POST', '/api/conversations/multi-send', (builder) =>
        builder.headers(authJsonHeaders).jsonBody({ message: 'Salimos 15 minutos antes.', users: [fromProviderState('${passengerId}', 3)] }),
      )
      .willRespondWith(200, (builder) => builder.jsonBody({ message: true }))
      .executeTest(async (server) => {
        const answer = await loggedInClient(server).call(endpoints.conversations.multiSend, { body: { message: 'Salimos 15 minutos antes.', users: [3] } });
        expect(answer.message).toBe(true);
      });
  });

  it('polls the unread messages', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', passenger)
      .given('a private chat between the passenger and the driver', chatState)
      .uponReceiving('a request for the unread messages')
      .withRequest('GET', '/api/conversations/unread', (builder) => builder.headers(authHeaders))
      .willRespondWith(200, (builder) => builder.jsonBody({ data: eachLike(message(chatState.answer, false), 1) }))
      .executeTest(async (server) => {
        const answer = await loggedInClient(server).call(endpoints.conversations.unread, { query: {} });
        expect(answer.data.length).toBeGreaterThan(0);
      });
  });
});
