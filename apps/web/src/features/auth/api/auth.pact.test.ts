import { MatchersV3 } from '@pact-foundation/pact';
import { endpoints } from '@carpool/contracts';
import { describe, expect, it } from 'vitest';
import type { ApiError } from '@/lib/api-client';
import {
  authHeaders,
  authJsonHeaders,
  clientHeaders,
  createPact,
  errorBody,
  jsonHeaders,
  jsonOk,
  loggedInClient,
  mockServerClient,
  okBody,
} from '@/testing/pact';
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
        builder.headers(jsonHeaders).jsonBody({ email: 'pasajera@carpool.ar', password: 'carpool123' }),
      )
      .willRespondWith(200, (builder) => builder.jsonBody({ token: jwt, config: configMatcher() }))
      .executeTest(async (server) => {
        const client = mockServerClient(server);
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
        builder.headers(jsonHeaders).jsonBody({ email: 'pasajera@carpool.ar', password: 'not-the-password' }),
      )
      // The provider's own body (AuthController::login): the code at the top level.
      .willRespondWith(401, (builder) => builder.jsonBody({ error: MatchersV3.equal('invalid_credentials') }))
      .executeTest(async (server) => {
        const client = mockServerClient(server);
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
        builder.headers(jsonHeaders).jsonBody({ email: 'inactiva@carpool.ar', password: 'carpool123' }),
      )
      .willRespondWith(401, (builder) => builder.jsonBody(errorBody('user_not_active')))
      .executeTest(async (server) => {
        const client = mockServerClient(server);
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
      .withRequest('POST', '/api/retoken', (builder) => builder.headers(authHeaders))
      .willRespondWith(200, (builder) => builder.jsonBody({ token: jwt, config: configMatcher() }))
      .executeTest(async (server) => {
        const client = loggedInClient(server);
        const answer = await client.call(endpoints.auth.retoken);
        expect(answer.token).toMatch(/\./);
      });
  });

  it('activates an account from the e-mailed link and logs in', async () => {
    await pact
      .addInteraction()
      .given('an account waiting for activation', { email: 'nueva@carpool.ar', token: 'f3a9c2e17b5d4e08a6c1b2d3e4f5a6b7c8d9e0f1a2b3c4d5' })
      .uponReceiving('an account activation')
      .withRequest('POST', '/api/activate/f3a9c2e17b5d4e08a6c1b2d3e4f5a6b7c8d9e0f1a2b3c4d5', (builder) => builder.headers(clientHeaders))
      .willRespondWith(200, (builder) => builder.jsonBody({ token: jwt, config: configMatcher() }))
      .executeTest(async (server) => {
        const client = mockServerClient(server);
        const answer = await client.call(endpoints.auth.activate, { params: { token: 'f3a9c2e17b5d4e08a6c1b2d3e4f5a6b7c8d9e0f1a2b3c4d5' } });
        expect(answer.token.split('.')).toHaveLength(3);
        expect(answer.config.osm_country).toBe('ARG');
      });
  });

  it('is told when an activation link was already used', async () => {
    await pact
      .addInteraction()
      .given('the demo accounts exist')
      .uponReceiving('an activation with an unknown token')
      .withRequest('POST', '/api/activate/token-ya-usado', (builder) => builder.headers(clientHeaders))
      .willRespondWith(422, (builder) => builder.jsonBody(errorBody('invalid_token')))
      .executeTest(async (server) => {
        const client = mockServerClient(server);
        const error = await client.call(endpoints.auth.activate, { params: { token: 'token-ya-usado' } }).catch((caught: ApiError) => caught);
        expect(error).toMatchObject({ status: 422, code: 'invalid_token' });
      });
  });

  it('asks for a password-reset e-mail', async () => {
    await pact
      .addInteraction()
      .given('the demo accounts exist')
      .uponReceiving('a password-reset request for a known e-mail')
      .withRequest('POST', '/api/reset-password', (builder) => builder.headers(jsonHeaders).jsonBody({ email: 'pasajera@carpool.ar' }))
      .willRespondWith(200, (builder) => builder.jsonBody(okBody()))
      .executeTest(async (server) => {
        const client = mockServerClient(server);
        const answer = await client.call(endpoints.auth.resetPassword, { body: { email: 'pasajera@carpool.ar' } });
        expect(answer.data).toBe('ok');
      });
  });

  it('is told when nobody uses the e-mail of a password reset', async () => {
    await pact
      .addInteraction()
      .given('no account uses the e-mail', { email: 'nadie@carpool.ar' })
      .uponReceiving('a password-reset request for an unknown e-mail')
      .withRequest('POST', '/api/reset-password', (builder) => builder.headers(jsonHeaders).jsonBody({ email: 'nadie@carpool.ar' }))
      .willRespondWith(422, (builder) => builder.jsonBody(errorBody('user_not_found')))
      .executeTest(async (server) => {
        const client = mockServerClient(server);
        const error = await client.call(endpoints.auth.resetPassword, { body: { email: 'nadie@carpool.ar' } }).catch((caught: ApiError) => caught);
        expect(error).toMatchObject({ status: 422, code: 'user_not_found' });
      });
  });

  it('sets a new password with the e-mailed token', async () => {
    const body = { password: 'nueva-clave-2026', password_confirmation: 'nueva-clave-2026' };
    await pact
      .addInteraction()
      .given('a password reset was requested', { email: 'pasajera@carpool.ar', token: '9b8a7c6d5e4f30211f2e3d4c5b6a79880a1b2c3d4e5f6a7b' })
      .uponReceiving('a new password with a reset token')
      .withRequest('POST', '/api/change-password/9b8a7c6d5e4f30211f2e3d4c5b6a79880a1b2c3d4e5f6a7b', (builder) =>
        builder.headers(jsonHeaders).jsonBody(body),
      )
      .willRespondWith(200, (builder) => builder.jsonBody(okBody()))
      .executeTest(async (server) => {
        const client = mockServerClient(server);
        const answer = await client.call(endpoints.auth.changePassword, {
          params: { token: '9b8a7c6d5e4f30211f2e3d4c5b6a79880a1b2c3d4e5f6a7b' },
          body,
        });
        expect(answer.data).toBe('ok');
      });
  });

  it('logs out', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'pasajera@carpool.ar' })
      .uponReceiving('a logout without a device')
      .withRequest('POST', '/api/logout', (builder) => builder.headers(authJsonHeaders).jsonBody({}))
      // The provider's JSON string "OK"; only this token ends (AuthController::logout).
      .willRespondWith(200, (builder) => jsonOk(builder))
      .executeTest(async (server) => {
        const client = loggedInClient(server);
        const answer = await client.call(endpoints.auth.logout, { body: {} });
        expect(answer).toBe('OK');
      });
  });

  it('is told that social login is no longer available', async () => {
    await pact
      .addInteraction()
      .given('the demo accounts exist')
      .uponReceiving('a Facebook login')
      .withRequest('POST', '/api/social/login/facebook', (builder) => builder.headers(jsonHeaders).jsonBody({ access_token: 'EAAGm0PX4ZCpsBA' }))
      .willRespondWith(422, (builder) => builder.jsonBody(errorBody('social_login_unavailable')))
      .executeTest(async (server) => {
        const client = mockServerClient(server);
        const error = await client
          .call(endpoints.auth.socialLogin, { params: { provider: 'facebook' }, body: { access_token: 'EAAGm0PX4ZCpsBA' } })
          .catch((caught: ApiError) => caught);
        expect(error).toMatchObject({ status: 422, code: 'social_login_unavailable' });
      });
  });

  it('is told that social profile updates are no longer available', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'pasajera@carpool.ar' })
      .uponReceiving('a profile update from Google')
      .withRequest('PUT', '/api/social/update/google', (builder) => builder.headers(authJsonHeaders).jsonBody({ access_token: 'ya29.a0AfH6SM' }))
      .willRespondWith(422, (builder) => builder.jsonBody(errorBody('social_login_unavailable')))
      .executeTest(async (server) => {
        const client = loggedInClient(server);
        const error = await client
          .call(endpoints.auth.socialUpdate, { params: { provider: 'google' }, body: { access_token: 'ya29.a0AfH6SM' } })
          .catch((caught: ApiError) => caught);
        expect(error).toMatchObject({ status: 422, code: 'social_login_unavailable' });
      });
  });

  it('is told that social friend matching is no longer available', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'pasajera@carpool.ar' })
      .uponReceiving('a friend match from Facebook')
      .withRequest('POST', '/api/social/friends/facebook', (builder) => builder.headers(authJsonHeaders).jsonBody({ access_token: 'EAAGm0PX4ZCpsBA' }))
      .willRespondWith(422, (builder) => builder.jsonBody(errorBody('social_login_unavailable')))
      .executeTest(async (server) => {
        const client = loggedInClient(server);
        const error = await client
          .call(endpoints.auth.socialFriends, { params: { provider: 'facebook' }, body: { access_token: 'EAAGm0PX4ZCpsBA' } })
          .catch((caught: ApiError) => caught);
        expect(error).toMatchObject({ status: 422, code: 'social_login_unavailable' });
      });
  });
});
