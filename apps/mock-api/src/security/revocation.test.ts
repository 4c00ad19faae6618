import { describe, expect, it } from 'vitest';
import { DEMO, bearer, build, login } from '../../test/helper';

const me = (app: Awaited<ReturnType<typeof build>>, token: string) =>
  app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });

describe('token revocation', () => {
  it('logout revokes the token (401 on the next call and on retoken); a new login works', async () => {
    const app = await build();
    const token = await login(app, DEMO.passenger);
    expect((await me(app, token)).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token), payload: {} })).statusCode).toBe(200);
    const after = await me(app, token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: 'Token is invalid', errors: { error: 'token_invalid' } });
    expect((await app.inject({ method: 'POST', url: '/api/retoken', headers: bearer(token) })).statusCode).toBe(401);
    expect((await me(app, await login(app, DEMO.passenger))).statusCode).toBe(200);
  });

  it('a password change from the profile revokes earlier tokens', async () => {
    const app = await build();
    const token = await login(app, DEMO.driver);
    const other = await login(app, DEMO.driver);
    const changed = await app.inject({
      method: 'PUT',
      url: '/api/users',
      headers: bearer(token),
      payload: { password: 'otra-clave-123', password_confirmation: 'otra-clave-123' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await me(app, other)).statusCode).toBe(401);
    expect((await me(app, await login(app, { email: DEMO.driver.email, password: 'otra-clave-123' }))).statusCode).toBe(200);
  });

  it('a password reset revokes earlier tokens', async () => {
    const app = await build();
    const token = await login(app, DEMO.passenger);
    await app.inject({ method: 'POST', url: '/api/reset-password', payload: { email: DEMO.passenger.email } });
    const user = await app.db.user.findUniqueOrThrow({ where: { email: DEMO.passenger.email } });
    const reset = await app.db.passwordReset.findFirstOrThrow({ where: { user_id: user.id } });
    const changed = await app.inject({
      method: 'POST',
      url: `/api/change-password/${reset.token}`,
      payload: { password: 'nueva-clave-123', password_confirmation: 'nueva-clave-123' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await me(app, token)).statusCode).toBe(401);
  });
});
