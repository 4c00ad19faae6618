import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEnv, repoRoot } from '../config/env';
import { resolveControlsToken, resolveJwtSecret } from '../config/secret';
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

  it('docker-compose ships no secret value: the secrets are the caller\'s variables, empty by default', () => {
    const compose = readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8');
    const lines = compose.split('\n').filter((line) => /^\s*(JWT_SECRET|MOCK_CONTROLS_TOKEN):/.test(line));
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line).toMatch(/^\s*(JWT_SECRET|MOCK_CONTROLS_TOKEN):\s*"\$\{\1:-\}"\s*$/);
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

  it('a server listening beyond loopback gets a generated token in its data folder; on loopback, none is needed', () => {
    const dir = tempDir();
    expect(resolveControlsToken(undefined, { dataDir: dir, host: '127.0.0.1', mockControls: true })).toEqual({ token: undefined });
    expect(resolveControlsToken(undefined, { dataDir: dir, host: '0.0.0.0', mockControls: false })).toEqual({ token: undefined });
    expect(resolveControlsToken('given-token', { dataDir: dir, host: '0.0.0.0', mockControls: true })).toEqual({ token: 'given-token' });
    const generated = resolveControlsToken(undefined, { dataDir: dir, host: '0.0.0.0', mockControls: true });
    const file = path.join(dir, 'mock-controls-token');
    expect(generated.file).toBe(file);
    expect(Buffer.byteLength(generated.token ?? '')).toBeGreaterThanOrEqual(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveControlsToken(undefined, { dataDir: dir, host: '0.0.0.0', mockControls: true }).token).toBe(generated.token);
  });

  it('docker-compose publishes its ports on 127.0.0.1 unless CARPOOL_BIND says otherwise', () => {
    const compose = readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8');
    const published = [...compose.matchAll(/^\s*- "(.+):(\d+)"\s*$/gm)].map((match) => match[1]);
    expect(published.length).toBeGreaterThanOrEqual(2);
    for (const binding of published) expect(binding).toMatch(/^\$\{CARPOOL_BIND:-127\.0\.0\.1\}:/);
  });
});
