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

  it("logout ends the presented token only, as the provider's: the user's other sessions go on", async () => {
    const app = await build();
    const phone = await login(app, DEMO.passenger);
    const laptop = await login(app, DEMO.passenger);
    expect(phone).not.toBe(laptop);
    expect((await app.inject({ method: 'POST', url: '/api/logout', headers: bearer(phone), payload: {} })).statusCode).toBe(200);
    expect((await me(app, phone)).statusCode).toBe(401);
    expect((await me(app, laptop)).statusCode).toBe(200);
    // A second logout with the ended token is refused; the other session logs out on its own.
    expect((await app.inject({ method: 'POST', url: '/api/logout', headers: bearer(phone) })).statusCode).toBe(401);
    const refreshed = await app.inject({ method: 'POST', url: '/api/retoken', headers: bearer(laptop) });
    expect(refreshed.statusCode).toBe(200);
    const next = refreshed.json().token as string;
    expect((await me(app, next)).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/logout', headers: bearer(next) })).statusCode).toBe(200);
    expect((await me(app, next)).statusCode).toBe(401);
  });

  it('keeps an ended token refused while it could be refreshed (14 days), then forgets it', async () => {
    const app = await build();
    const token = await login(app, DEMO.driver);
    expect((await app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) })).statusCode).toBe(200);
    const { jti, iat } = app.jwt.decode<{ jti: string; iat: number }>(token)!;
    const row = await app.db.revokedToken.findUniqueOrThrow({ where: { jti } });
    expect(row.expires_at.getTime()).toBe((iat + 14 * 86_400) * 1000);
    // Expired (8 days) but still refreshable: retoken is refused for it.
    app.clock.travelTo(new Date(app.clock.now().getTime() + 8 * 86_400_000));
    expect((await app.inject({ method: 'POST', url: '/api/retoken', headers: bearer(token) })).statusCode).toBe(401);
    // Past the refresh window, the next logout removes the row nobody needs.
    app.clock.travelTo(new Date(app.clock.now().getTime() + 7 * 86_400_000));
    expect((await app.inject({ method: 'POST', url: '/api/logout', headers: bearer(await login(app, DEMO.driver)) })).statusCode).toBe(200);
    expect(await app.db.revokedToken.findUnique({ where: { jti } })).toBeNull();
  });

  it('a token from before token ids (no jti) is ended with the user version on logout', async () => {
    const app = await build();
    const user = await app.db.user.findUniqueOrThrow({ where: { email: DEMO.passenger.email } });
    const iat = Math.floor(app.clock.now().getTime() / 1000);
    const legacy = app.jwt.sign({ sub: user.id, tv: user.token_version, iat, exp: iat + 86_400 });
    expect((await me(app, legacy)).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/logout', headers: bearer(legacy) })).statusCode).toBe(200);
    expect((await me(app, legacy)).statusCode).toBe(401);
    expect((await app.db.user.findUniqueOrThrow({ where: { id: user.id } })).token_version).toBe(user.token_version + 1);
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
