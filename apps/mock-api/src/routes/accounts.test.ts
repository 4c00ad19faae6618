import { endpoints } from '@carpool/contracts';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DEMO, bearer, build, expectContract, login } from '../../test/helper';

async function lastLink(app: FastifyInstance, to: string): Promise<string> {
  const outbox = await app.inject({ method: 'GET', url: `/__mock/outbox?to=${encodeURIComponent(to)}` });
  expect(outbox.statusCode).toBe(200);
  return outbox.json().data[0].links[0];
}

const tokenOf = (link: string) => link.split('/app/reset-password/')[1]!;

async function requestReset(app: FastifyInstance, email: string) {
  return app.inject({ method: 'POST', url: '/api/reset-password', payload: { email } });
}

async function changePassword(app: FastifyInstance, token: string, password: string, confirmation = password) {
  return app.inject({
    method: 'POST',
    url: `/api/change-password/${token}`,
    payload: { password, password_confirmation: confirmation },
  });
}

describe('POST /api/activate/:token', () => {
  it('activates a seeded inactive account, logs it in, and uses the token up', async () => {
    const app = await build();
    const inactive = await app.db.user.findFirstOrThrow({ where: { active: false, banned: false, activation_token: { not: null } } });
    const response = await app.inject({ method: 'POST', url: `/api/activate/${inactive.activation_token}` });
    expect(response.statusCode).toBe(200);
    const { token, config } = expectContract(endpoints.auth.activate, response);
    expect(config.name_app).toBe('carpool');
    const me = await app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
    expect(me.json().data.id).toBe(inactive.id);
    const row = await app.db.user.findUniqueOrThrow({ where: { id: inactive.id } });
    expect(row).toMatchObject({ active: true, activation_token: null });
  });

  it('answers 422 invalid_token for an unknown token', async () => {
    const app = await build();
    const response = await app.inject({ method: 'POST', url: '/api/activate/no-existe' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'Token invalido', errors: { error: 'invalid_token' } });
  });
});

describe('password reset', () => {
  it('reset → e-mail → change-password → log in with the new password (the old one fails)', async () => {
    const app = await build();
    const sent = await requestReset(app, ' Pasajera@Carpool.ar ');
    expect(sent.statusCode).toBe(200);
    expectContract(endpoints.auth.resetPassword, sent);

    const outbox = await app.inject({ method: 'GET', url: `/__mock/outbox?to=${DEMO.passenger.email}` });
    const [mail] = outbox.json().data;
    expect(mail.subject).toBe('Restablecé tu contraseña de Carpool');
    expect(mail.text).toContain('vale por 24 horas');
    expect(mail.links[0]).toMatch(new RegExp(`^${app.env.publicUrl}/app/reset-password/[0-9a-f]{48}$`));

    const changed = await changePassword(app, tokenOf(mail.links[0]), 'nueva-clave-123');
    expect(changed.statusCode, changed.body).toBe(200);
    expectContract(endpoints.auth.changePassword, changed);
    await login(app, { email: DEMO.passenger.email, password: 'nueva-clave-123' });
    const old = await app.inject({ method: 'POST', url: '/api/login', payload: DEMO.passenger });
    expect(old.statusCode).toBe(401);
    // The token is used up.
    const reused = await changePassword(app, tokenOf(mail.links[0]), 'otra-clave-456');
    expect(reused.json().errors.error).toBe('invalid_token');
  });

  it('refuses an e-mail that belongs to nobody with the spec message, and a malformed one with a field error', async () => {
    const app = await build();
    const nobody = await requestReset(app, 'nadie@carpool.ar');
    expect(nobody.statusCode).toBe(422);
    expect(nobody.json()).toEqual({ message: 'El e-mail ingresado no pertenece a ningún usuario.', errors: { error: 'user_not_found' } });
    const malformed = await requestReset(app, 'no-es-un-mail');
    expect(malformed.statusCode).toBe(422);
    expect(Object.keys(malformed.json().errors)).toEqual(['email']);
    const missing = await app.inject({ method: 'POST', url: '/api/reset-password', payload: {} });
    expect(missing.statusCode).toBe(422);
    expect(await app.db.mailMessage.count()).toBe(0);
    expect(await app.db.passwordReset.count()).toBe(0);
  });

  it('refuses unequal passwords, a short one, and keeps the token for a retry', async () => {
    const app = await build();
    await requestReset(app, DEMO.driver.email);
    const token = tokenOf(await lastLink(app, DEMO.driver.email));
    const mismatch = await changePassword(app, token, 'nueva-clave-123', 'otra-clave-123');
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual({ password_confirmation: ['No coicide los campos'] });
    const short = await changePassword(app, token, 'corta');
    expect(Object.keys(short.json().errors)).toContain('password');
    expect((await changePassword(app, token, 'nueva-clave-123')).statusCode).toBe(200);
  });

  it('expires links after 24 hours by the server clock', async () => {
    const app = await build();
    await requestReset(app, DEMO.driver.email);
    const token = tokenOf(await lastLink(app, DEMO.driver.email));
    const start = app.clock.now().getTime();
    app.clock.travelTo(new Date(start + 24 * 3_600_000 + 60_000));
    const late = await changePassword(app, token, 'nueva-clave-123');
    expect(late.statusCode).toBe(422);
    expect(late.json()).toEqual({ message: 'Token invalido', errors: { error: 'invalid_token' } });
    await login(app, DEMO.driver);
  });

  it('a new request replaces the previous link; unknown tokens fail', async () => {
    const app = await build();
    await requestReset(app, DEMO.driver.email);
    const first = tokenOf(await lastLink(app, DEMO.driver.email));
    await requestReset(app, DEMO.driver.email);
    const second = tokenOf(await lastLink(app, DEMO.driver.email));
    expect(second).not.toBe(first);
    expect((await changePassword(app, first, 'nueva-clave-123')).json().errors.error).toBe('invalid_token');
    expect((await changePassword(app, 'no-existe', 'nueva-clave-123')).json().errors.error).toBe('invalid_token');
    expect((await changePassword(app, second, 'nueva-clave-123')).statusCode).toBe(200);
  });
});

describe('GET /__mock/outbox', () => {
  it('lists the outbox newest first, filtered by recipient', async () => {
    const app = await build();
    await requestReset(app, DEMO.driver.email);
    app.clock.travelTo(new Date(app.clock.now().getTime() + 60_000));
    await requestReset(app, DEMO.passenger.email);
    const all = (await app.inject({ method: 'GET', url: '/__mock/outbox' })).json().data;
    expect(all.map((mail: { to: string }) => mail.to)).toEqual([DEMO.passenger.email, DEMO.driver.email]);
    const one = (await app.inject({ method: 'GET', url: `/__mock/outbox?to=${DEMO.driver.email.toUpperCase()}` })).json().data;
    expect(one).toHaveLength(1);
    expect(one[0].to).toBe(DEMO.driver.email);
  });
});

describe('social logins (no longer supported)', () => {
  it('answer 422 social_login_unavailable with a Spanish help-desk message', async () => {
    const app = await build();
    const token = await login(app, DEMO.passenger);
    const calls = [
      { method: 'POST', url: '/api/social/login/facebook', headers: {} },
      { method: 'POST', url: '/api/social/login/apple', headers: {} },
      { method: 'PUT', url: '/api/social/update/facebook', headers: bearer(token) },
      { method: 'POST', url: '/api/social/friends/facebook', headers: bearer(token) },
    ] as const;
    for (const call of calls) {
      const response = await app.inject({ ...call, payload: { access_token: 'abc' } });
      expect(response.statusCode, call.url).toBe(422);
      expect(response.json().errors).toEqual({ error: 'social_login_unavailable' });
      expect(response.json().message).toContain('mesa de ayuda (ayuda@carpool.ar)');
    }
    const anonymous = await app.inject({ method: 'PUT', url: '/api/social/update/facebook', payload: {} });
    expect(anonymous.statusCode).toBe(401);
    const unknown = await app.inject({ method: 'POST', url: '/api/social/login/myspace', payload: {} });
    expect(unknown.statusCode).toBe(422);
  });
});
