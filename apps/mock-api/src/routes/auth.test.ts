import { endpoints } from '@carpool/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO, bearer, build, expectContract, login } from '../../test/helper';

describe('POST /api/login', () => {
  it('answers a token and the configuration for every demo account', async () => {
    const app = await build();
    for (const who of Object.values(DEMO)) {
      const response = await app.inject({ method: 'POST', url: '/api/login', payload: who });
      expect(response.statusCode).toBe(200);
      const body = expectContract(endpoints.auth.login, response);
      expect(body?.token.split('.')).toHaveLength(3);
      expect(body?.config.name_app).toBe('carpool');
    }
  });

  it('accepts the e-mail in any case and with spaces around it', async () => {
    const app = await build();
    const response = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: '  Conductor@Carpool.AR ', password: DEMO.driver.password },
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown e-mail alike (401 invalid_credentials)', async () => {
    const app = await build();
    for (const payload of [
      { email: DEMO.driver.email, password: 'wrong-password' },
      { email: 'nobody@carpool.ar', password: 'carpool123' },
    ]) {
      const response = await app.inject({ method: 'POST', url: '/api/login', payload });
      expect(response.statusCode).toBe(401);
      // The provider's top-level `error` (AuthController::login), beside the usual fields.
      expect(response.json()).toEqual({ error: 'invalid_credentials', message: 'invalid_credentials', errors: { error: 'invalid_credentials' } });
      expectContract(endpoints.auth.login, response);
    }
  });

  it('tells inactive and banned accounts apart once the password is right', async () => {
    const app = await build();
    const inactive = await app.db.user.findFirstOrThrow({ where: { active: false, banned: false } });
    const banned = await app.db.user.findFirstOrThrow({ where: { banned: true } });
    const asInactive = await app.inject({ method: 'POST', url: '/api/login', payload: { email: inactive.email, password: 'carpool123' } });
    expect(asInactive.statusCode).toBe(401);
    expect(asInactive.json().errors.error).toBe('user_not_active');
    const asBanned = await app.inject({ method: 'POST', url: '/api/login', payload: { email: banned.email, password: 'carpool123' } });
    expect(asBanned.statusCode).toBe(401);
    expect(asBanned.json().errors.error).toBe('user_banned');
    // Only wrong credentials carry the top-level code, as in the provider (the others are its messages).
    expect(asBanned.json()).not.toHaveProperty('error');
    expect(asBanned.json().message).toBe('user_banned');
    // A wrong password on an inactive account reveals nothing about its state.
    const wrong = await app.inject({ method: 'POST', url: '/api/login', payload: { email: inactive.email, password: 'nope-nope' } });
    expect(wrong.json().errors.error).toBe('invalid_credentials');
  });

  it('answers field errors for a missing or mistyped body', async () => {
    const app = await build();
    const missing = await app.inject({ method: 'POST', url: '/api/login', payload: { email: DEMO.driver.email } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.password).toEqual([expect.any(String)]);
    const wrongType = await app.inject({ method: 'POST', url: '/api/login', payload: { email: 42, password: true } });
    expect(wrongType.statusCode).toBe(422);
    expect(Object.keys(wrongType.json().errors).sort()).toEqual(['email', 'password']);
    const notJson = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(notJson.statusCode).toBe(422);
    expect(notJson.json()).toEqual({ message: expect.any(String), errors: { error: 'validation_failed' } });
  });
});

describe('POST /api/retoken', () => {
  it('refreshes a valid token', async () => {
    const app = await build();
    const token = await login(app, DEMO.passenger);
    const response = await app.inject({ method: 'POST', url: '/api/retoken', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expectContract(endpoints.auth.retoken, response);
  });

  it('refreshes an expired token up to 14 days old, not later', async () => {
    const app = await build();
    const token = await login(app, DEMO.passenger);
    const start = app.clock.now();
    app.clock.travelTo(new Date(start.getTime() + 10 * 86_400_000));
    const expiredCall = await app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect(expiredCall.statusCode).toBe(401);
    expect(expiredCall.json().errors.error).toBe('token_expired');
    const refreshed = await app.inject({ method: 'POST', url: '/api/retoken', headers: bearer(token) });
    expect(refreshed.statusCode).toBe(200);
    app.clock.travelTo(new Date(start.getTime() + 15 * 86_400_000));
    const tooOld = await app.inject({ method: 'POST', url: '/api/retoken', headers: bearer(token) });
    expect(tooOld.statusCode).toBe(401);
    expect(tooOld.json().errors.error).toBe('token_expired');
  });

  it('answers 403 banned for a banned user, and 401 without or with a forged token', async () => {
    const app = await build();
    const banned = await app.db.user.findFirstOrThrow({ where: { banned: true } });
    const token = app.services.auth.issueToken(banned.id);
    const response = await app.inject({ method: 'POST', url: '/api/retoken', headers: bearer(token) });
    expect(response.statusCode).toBe(403);
    expect(response.json().errors.error).toBe('banned');
    const none = await app.inject({ method: 'POST', url: '/api/retoken' });
    expect(none.statusCode).toBe(401);
    expect(none.json().errors.error).toBe('token_not_provided');
    const forged = await app.inject({ method: 'POST', url: '/api/retoken', headers: bearer(`${token.slice(0, -4)}AAAA`) });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().errors.error).toBe('token_invalid');
  });
});

describe('POST /api/logout', () => {
  it('needs a token, and removes the given device of the caller only', async () => {
    const app = await build();
    const anonymous = await app.inject({ method: 'POST', url: '/api/logout' });
    expect(anonymous.statusCode).toBe(401);

    const token = await login(app, DEMO.passenger);
    const me = await app.db.user.findUniqueOrThrow({ where: { email: DEMO.passenger.email } });
    const other = await app.db.user.findUniqueOrThrow({ where: { email: DEMO.driver.email } });
    await app.db.device.create({ data: { user_id: me.id, device_id: 'browser-abc' } });
    await app.db.device.create({ data: { user_id: other.id, device_id: 'browser-abc' } });

    const response = await app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token), payload: { device_id: 'browser-abc' } });
    expect(response.statusCode).toBe(200);
    // The provider's JSON string "OK".
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toBe('OK');
    expect(expectContract(endpoints.auth.logout, response)).toBe('OK');
    expect(await app.db.device.count({ where: { user_id: me.id, device_id: 'browser-abc' } })).toBe(0);
    expect(await app.db.device.count({ where: { user_id: other.id, device_id: 'browser-abc' } })).toBe(1);
  });
});
