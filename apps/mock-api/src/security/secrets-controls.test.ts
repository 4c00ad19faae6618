import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEnv, repoRoot } from '../config/env';
import { resolveJwtSecret } from '../config/secret';
import { DEMO, bearer, build, login } from '../../test/helper';

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), 'carpool-secret-'));

describe('JWT secret', () => {
  it('is generated on first start in the data folder with mode 0600, and the same one is read back', () => {
    const dir = tempDir();
    const first = resolveJwtSecret(undefined, dir);
    expect(Buffer.byteLength(first)).toBeGreaterThanOrEqual(32);
    expect(statSync(path.join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(first);
    expect(resolveJwtSecret(undefined, dir)).toBe(first);
    expect(resolveJwtSecret(undefined, tempDir())).not.toBe(first);
  });

  it('refuses to start with a given secret shorter than 32 bytes', async () => {
    expect(() => resolveJwtSecret('change-me', tempDir())).toThrow(/at least 32 bytes/);
    await expect(build({ jwtSecret: 'short-secret' })).rejects.toThrow(/at least 32 bytes/);
  });

  it('has no default written in the source: an unset JWT_SECRET reads as unset', () => {
    expect(readEnv({}).jwtSecret).toBeUndefined();
  });

  it('accepts only tokens with an exp', async () => {
    const app = await build();
    const now = Math.floor(app.clock.now().getTime() / 1000);
    const sign = (claims: object) => app.jwt.sign(claims as never);
    const forever = sign({ sub: 1, tv: 0, iat: now });
    expect(app.jwt.decode<{ exp?: number }>(forever)?.exp).toBeUndefined();
    expect((await app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(forever) })).statusCode).toBe(401);
    const withExp = sign({ sub: 1, tv: 0, iat: now, exp: now + 3600 });
    expect((await app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(withExp) })).statusCode).toBe(200);
  });

  it('docker-compose ships no secret value', () => {
    const compose = readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8');
    expect(compose).not.toMatch(/^\s*JWT_SECRET:/m);
  });
});

describe('test controls access', () => {
  it('listen on loopback by default; HOST changes it', () => {
    expect(readEnv({}).host).toBe('127.0.0.1');
    expect(readEnv({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('answer loopback clients and refuse others when no token is set', async () => {
    const app = await build();
    expect((await app.inject({ method: 'GET', url: '/__mock/outbox' })).statusCode).toBe(200);
    const remote = await app.inject({ method: 'GET', url: '/__mock/outbox', remoteAddress: '203.0.113.7' });
    expect(remote.statusCode).toBe(403);
    expect(remote.json()).toEqual({ message: expect.any(String), errors: { error: 'forbidden' } });
    const reset = await app.inject({ method: 'POST', url: '/__mock/reset', payload: {}, remoteAddress: '10.0.0.2' });
    expect(reset.statusCode).toBe(403);
  });

  it('with MOCK_CONTROLS_TOKEN every call needs the token, loopback included', async () => {
    const app = await build({ mockControlsToken: 'demo-token-123' });
    expect((await app.inject({ method: 'GET', url: '/__mock/outbox' })).statusCode).toBe(403);
    const wrong = await app.inject({ method: 'GET', url: '/__mock/outbox', headers: { 'x-mock-controls-token': 'demo-token-12' } });
    expect(wrong.statusCode).toBe(403);
    const right = await app.inject({ method: 'GET', url: '/__mock/outbox', remoteAddress: '203.0.113.7', headers: { 'x-mock-controls-token': 'demo-token-123' } });
    expect(right.statusCode).toBe(200);
    // The API itself is unaffected.
    await login(app, DEMO.passenger);
  });

  it('docker-compose sets a controls token and opens the host', () => {
    const compose = readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8');
    expect(compose).toMatch(/MOCK_CONTROLS_TOKEN:/);
    expect(compose).toMatch(/HOST:\s*"?0\.0\.0\.0/);
  });
});
