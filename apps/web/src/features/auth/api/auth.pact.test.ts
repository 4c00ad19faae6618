import { MatchersV3 } from '@pact-foundation/pact';
import { endpoints } from '@carpool/contracts';
import { describe, expect, it } from 'vitest';
import { createApiClient, type ApiError } from '@/lib/api-client';
import { bearerHeader, clientHeaders, createPact } from '@/testing/pact';
import { configMatcher } from '@/testing/pact-config';

const pact = createPact();
const jwt = MatchersV3.regex(/^[\w-]+\.[\w-]+\.[\w-]+$/, 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOjF9.c2lnbmF0dXJl');

describe('auth (consumer)', () => {
  it('logs in with the right password', async () => {
    await pact
      .addInteraction()
      .given('the demo accounts exist')
      .uponReceiving('a login with the right password')
      .withRequest('POST', '/api/login', (builder) =>
        builder.headers({ ...clientHeaders, 'Content-Type': 'application/json' }).jsonBody({ email: 'pasajera@carpool.ar', password: 'carpool123' }),
      )
      .willRespondWith(200, (builder) => builder.jsonBody({ token: jwt, config: configMatcher() }))
      .executeTest(async (server) => {
        const client = createApiClient({ baseUrl: server.url });
        const answer = await client.call(endpoints.auth.login, { body: { email: 'pasajera@carpool.ar', password: 'carpool123' } });
        expect(answer.token.split('.')).toHaveLength(3);
        expect(answer.config.locale).toBe('arg');
      });
  });

  it('is refused with a wrong password', async () => {
    await pact
      .addInteraction()
      .given('the demo accounts exist')
      .uponReceiving('a login with a wrong password')
      .withRequest('POST', '/api/login', (builder) =>
        builder.headers({ ...clientHeaders, 'Content-Type': 'application/json' }).jsonBody({ email: 'pasajera@carpool.ar', password: 'not-the-password' }),
      )
      .willRespondWith(401, (builder) =>
        builder.jsonBody({ message: MatchersV3.string('invalid_credentials'), errors: { error: 'invalid_credentials' } }),
      )
      .executeTest(async (server) => {
        const client = createApiClient({ baseUrl: server.url });
        const error = await client
          .call(endpoints.auth.login, { body: { email: 'pasajera@carpool.ar', password: 'not-the-password' } })
          .catch((caught: ApiError) => caught);
        expect(error).toMatchObject({ status: 401, code: 'invalid_credentials' });
      });
  });

  it('is told when the account is not active yet', async () => {
    await pact
      .addInteraction()
      .given('an inactive account', { email: 'inactiva@carpool.ar' })
      .uponReceiving('a login of an inactive account')
      .withRequest('POST', '/api/login', (builder) =>
        builder.headers({ ...clientHeaders, 'Content-Type': 'application/json' }).jsonBody({ email: 'inactiva@carpool.ar', password: 'carpool123' }),
      )
      .willRespondWith(401, (builder) =>
        builder.jsonBody({ message: MatchersV3.string('user_not_active'), errors: { error: 'user_not_active' } }),
      )
      .executeTest(async (server) => {
        const client = createApiClient({ baseUrl: server.url });
        const error = await client
          .call(endpoints.auth.login, { body: { email: 'inactiva@carpool.ar', password: 'carpool123' } })
          .catch((caught: ApiError) => caught);
        expect(error).toMatchObject({ status: 401, code: 'user_not_active' });
      });
  });

  it('refreshes the token at start-up', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'pasajera@carpool.ar' })
      .uponReceiving('a token refresh')
      .withRequest('POST', '/api/retoken', (builder) => builder.headers({ ...clientHeaders, ...bearerHeader }))
      .willRespondWith(200, (builder) => builder.jsonBody({ token: jwt, config: configMatcher() }))
      .executeTest(async (server) => {
        const client = createApiClient({ baseUrl: server.url, getToken: () => 'test-token' });
        const answer = await client.call(endpoints.auth.retoken);
        expect(answer.token).toMatch(/\./);
      });
  });
});
