import { MatchersV3 } from '@pact-foundation/pact';
import { PAGE_SIZES, endpoints } from '@carpool/contracts';
import { describe, expect, it } from 'vitest';
import { authHeaders, createPact, loggedInClient } from '@/testing/pact';
import { exampleStranger, publicProfileMatcher } from '@/testing/pact-users';

const { like, eachLike, string, fromProviderState } = MatchersV3;
const pact = createPact();
const passenger = { email: 'pasajera@carpool.ar' };
/** The state's member as a public profile (friends lists carry no friendship state). */
const person = publicProfileMatcher({ ...exampleStranger, state: undefined });

describe('friends (consumer)', () => {
  it('lists my friends, paged', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', passenger)
      .given('the passenger has a friend', { name: 'Sofía Etchegaray' })
      .uponReceiving('a request for the friends filtered by name')
      .withRequest('GET', '/api/friends', (builder) => builder.headers(authHeaders).query({ page: '1', page_size: String(PAGE_SIZES.default), value: 'Sofía' }))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({ data: eachLike(person, 1), meta: { pagination: like({ total: 1, count: 1, per_page: 20, current_page: 1, total_pages: 1 }) } }),
      )
      .executeTest(async (server) => {
        const answer = await loggedInClient(server).call(endpoints.friends.list, { query: { page: 1, page_size: PAGE_SIZES.default, value: 'Sofía' } });
        expect(answer.data[0]?.name).toContain('Sofía');
      });
  });

  it('lists the requests waiting for me', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', passenger)
      .given('a member asked the passenger to be friends', { name: 'Sofía Etchegaray' })
      .uponReceiving('a request for the pending friend requests')
      .withRequest('GET', '/api/friends/pedings', (builder) => builder.headers(authHeaders))
      .willRespondWith(200, (builder) => builder.jsonBody({ data: eachLike(person, 1) }))
      .executeTest(async (server) => {
        const answer = await loggedInClient(server).call(endpoints.friends.pending);
        expect(answer.data.length).toBeGreaterThan(0);
      });
  });

  it('lists the requests I sent that wait for an answer', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', passenger)
      .given('the passenger asked a member to be friends', { name: 'Sofía Etchegaray' })
      .uponReceiving('a request for the friend requests sent and not answered')
      .withRequest('GET', '/api/friends/sent-pendings', (builder) => builder.headers(authHeaders))
      .willRespondWith(200, (builder) => builder.jsonBody({ data: eachLike(person, 1) }))
      .executeTest(async (server) => {
        const answer = await loggedInClient(server).call(endpoints.friends.sentPending);
        expect(answer.data.map((user) => user.name)).toContain('Sofía Etchegaray');
      });
  });

  const action = (name: 'request' | 'accept' | 'reject' | 'delete', state: string, description: string) =>
    it(`${name}s`, async () => {
      await pact
        .addInteraction()
        .given('the user is logged in', passenger)
        .given(state, { name: 'Sofía Etchegaray' })
        .uponReceiving(description)
        .withRequest('POST', fromProviderState(`/api/friends/${name}/\${userId}`, `/api/friends/${name}/40`), (builder) => builder.headers(authHeaders))
        // The provider answers the JSON string "OK" (jsonBody would write the bare text).
        .willRespondWith(200, (builder) => builder.headers({ 'Content-Type': 'application/json' }).body('application/json', Buffer.from(JSON.stringify('OK'))))
        .executeTest(async (server) => {
          expect(await loggedInClient(server).call(endpoints.friends[name], { params: { id: 40 } })).toBe('OK');
        });
    });

  action('request', 'a member the passenger may befriend', 'a friend request');
  action('accept', 'a member asked the passenger to be friends', 'an accepted friend request');
  action('reject', 'a member asked the passenger to be friends', 'a rejected friend request');
  action('delete', 'the passenger has a friend', 'a friend removed');

  it('refuses to accept a request that does not exist', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', passenger)
      .given('a member the passenger may befriend', { name: 'Sofía Etchegaray' })
      .uponReceiving('an accept without a request')
      .withRequest('POST', fromProviderState('/api/friends/accept/${userId}', '/api/friends/accept/40'), (builder) => builder.headers(authHeaders))
      .willRespondWith(422, (builder) => builder.jsonBody({ message: string('Bad request exceptions'), errors: { error: 'Operación inválida' } }))
      .executeTest(async (server) => {
        await expect(loggedInClient(server).call(endpoints.friends.accept, { params: { id: 40 } })).rejects.toMatchObject({ status: 422 });
      });
  });
});
