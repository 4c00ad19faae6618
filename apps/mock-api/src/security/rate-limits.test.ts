import { describe, expect, it } from 'vitest';
import { DEMO, build } from '../../test/helper';
import { RATE_LIMITS } from '../plugins/rate-limits';

const loginAs = (app: Awaited<ReturnType<typeof build>>, email: string, password: string, remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress });

describe('brute-force limits', () => {
  it('stop failed logins per address and account with 429, Retry-After and the provider format; the clock frees them', async () => {
    const app = await build();
    const { max } = RATE_LIMITS['auth.login']!.account;
    for (let attempt = 0; attempt <= max; attempt++) {
      expect((await loginAs(app, DEMO.driver.email, 'wrong-password', '203.0.113.7')).statusCode).toBe(401);
    }
    // That address is refused for that account, even with the right password (it cannot tell whom it guesses for).
    const blocked = await loginAs(app, DEMO.driver.email.toUpperCase(), DEMO.driver.password, '203.0.113.7');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json()).toEqual({ message: 'Too Many Attempts.', errors: { error: 'too_many_requests' } });
    // The same address may still log in to another account.
    expect((await loginAs(app, DEMO.passenger.email, DEMO.passenger.password, '203.0.113.7')).statusCode).toBe(200);
    await app.inject({ method: 'POST', url: '/__mock/clock', payload: { now: new Date(app.clock.now().getTime() + 16 * 60_000).toISOString() } });
    expect((await loginAs(app, DEMO.driver.email, DEMO.driver.password, '203.0.113.7')).statusCode).toBe(200);
  });

  it("issue 45: a stranger's wrong passwords never lock the owner out: the right password from another address answers 200", async () => {
    const app = await build();
    const { max } = RATE_LIMITS['auth.login']!.account;
    for (let attempt = 0; attempt <= max; attempt++) {
      expect((await loginAs(app, DEMO.driver.email, 'wrong-password', '203.0.113.7')).statusCode).toBe(401);
    }
    expect((await loginAs(app, DEMO.driver.email, 'wrong-password', '203.0.113.7')).statusCode).toBe(429);
    const owner = await loginAs(app, DEMO.driver.email, DEMO.driver.password, '198.51.100.20');
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it('slow guessing from many addresses once an account is over its ceiling, still letting a fresh address in', { timeout: 120_000 }, async () => {
    // Each login costs a bcrypt comparison: the ceiling is lowered for this app (read when its routes are made), not the rule.
    const limits = RATE_LIMITS['auth.login']!.ceiling!;
    const realCeiling = limits.max;
    limits.max = 12;
    const app = await build().finally(() => (limits.max = realCeiling));
    const { max: perPair } = RATE_LIMITS['auth.login']!.account;
    const ceiling = 12;
    const { underAttackMax } = limits;
    let failures = 0;
    for (let address = 0; failures <= ceiling; address++) {
      for (let attempt = 0; attempt < perPair && failures <= ceiling; attempt++, failures++) {
        expect((await loginAs(app, DEMO.driver.email, 'wrong-password', `10.9.${address}.1`)).statusCode).toBe(401);
      }
    }
    // Under attack: a new address gets underAttackMax failures instead of perPair.
    for (let attempt = 0; attempt <= underAttackMax; attempt++) {
      expect((await loginAs(app, DEMO.driver.email, 'wrong-password', '10.8.0.1')).statusCode).toBe(401);
    }
    expect((await loginAs(app, DEMO.driver.email, 'wrong-password', '10.8.0.1')).statusCode).toBe(429);
    // An address with no failures for the account (the owner's) is never refused.
    expect((await loginAs(app, DEMO.driver.email, DEMO.driver.password, '10.7.0.1')).statusCode).toBe(200);
    expect((await loginAs(app, DEMO.driver.email, DEMO.driver.password, '10.7.0.1')).statusCode).toBe(200);
  });

  it('never stop successful logins of one account (the e2e journeys log in often)', async () => {
    const app = await build();
    for (let attempt = 0; attempt < RATE_LIMITS['auth.login']!.account.max * 2; attempt++) {
      expect((await loginAs(app, DEMO.passenger.email, DEMO.passenger.password, `10.1.0.${attempt + 1}`)).statusCode).toBe(200);
    }
  });

  it('stop one address after its per-IP allowance, whatever the account', async () => {
    const app = await build();
    const { max } = RATE_LIMITS['auth.login']!.ip;
    for (let attempt = 0; attempt < max; attempt++) {
      expect((await loginAs(app, `nadie${attempt}@example.com`, 'x', '198.51.100.9')).statusCode).toBe(401);
    }
    const blocked = await loginAs(app, DEMO.passenger.email, DEMO.passenger.password, '198.51.100.9');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect((await loginAs(app, DEMO.passenger.email, DEMO.passenger.password, '198.51.100.10')).statusCode).toBe(200);
  });

  it('stop reset mails to one address after 3; POST /__mock/reset clears the counts', async () => {
    const app = await build();
    const reset = () => app.inject({ method: 'POST', url: '/api/reset-password', payload: { email: DEMO.passenger.email } });
    const { max } = RATE_LIMITS['auth.resetPassword']!.account;
    for (let attempt = 0; attempt < max; attempt++) expect((await reset()).statusCode).toBe(200);
    const blocked = await reset();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect(await app.db.mailMessage.count({ where: { to: DEMO.passenger.email } })).toBe(max);
    app.rateLimits.reset();
    expect((await reset()).statusCode).toBe(200);
  });

  it('stop registrations per e-mail address and per IP', async () => {
    const app = await build();
    const { max } = RATE_LIMITS['users.register']!.account;
    let last;
    for (let attempt = 0; attempt <= max; attempt++) {
      last = await app.inject({ method: 'POST', url: '/api/users', payload: { email: 'spam@example.com' } });
    }
    expect(last!.statusCode).toBe(429);
    expect(last!.json().errors).toEqual({ error: 'too_many_requests' });
  });
});
