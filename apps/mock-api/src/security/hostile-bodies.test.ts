import { existsSync, readdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DEMO, bearer, build, login } from '../../test/helper';

const tmpFiles = (app: FastifyInstance) => {
  const dir = path.join(app.env.dataDir, 'uploads', 'tmp');
  return existsSync(dir) ? readdirSync(dir) : [];
};

/** The provider's error body: a message and an errors object, nothing else. */
function expectProviderError(body: string) {
  const parsed = JSON.parse(body) as Record<string, unknown>;
  expect(Object.keys(parsed).sort()).toEqual(['errors', 'message']);
  expect(typeof parsed.message).toBe('string');
  expect(typeof parsed.errors).toBe('object');
}

const unterminated = (boundary: string, bytes: number) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n${'x'.repeat(bytes)}`;

describe('hostile bodies', () => {
  it('multipart without a boundary answers 415 in the provider format on every write route, multipart or not', async () => {
    const app = await build();
    const token = await login(app, DEMO.passenger);
    for (const [method, url] of [['PUT', '/api/users'], ['POST', '/api/users'], ['POST', '/api/trips'], ['POST', '/api/login']] as const) {
      const response = await app.inject({ method, url, headers: { ...bearer(token), 'content-type': 'multipart/form-data' }, payload: 'garbage' });
      expect(response.statusCode, url).toBe(415);
      expectProviderError(response.body);
    }
  });

  it('parses multipart only where the contract entry is multipart', async () => {
    const app = await build();
    const token = await login(app, DEMO.passenger);
    const response = await app.inject({
      method: 'POST',
      url: '/api/trips',
      headers: { ...bearer(token), 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: unterminated('xyz', 1000),
    });
    expect(response.statusCode).toBe(415);
    expect(tmpFiles(app)).toEqual([]);
  });

  it('checks the session before reading a body: a guest multipart to a user route is 401 and writes nothing', async () => {
    const app = await build();
    const response = await app.inject({
      method: 'PUT',
      url: '/api/users',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: unterminated('xyz', 20_000),
    });
    expect(response.statusCode).toBe(401);
    expectProviderError(response.body);
    expect(tmpFiles(app)).toEqual([]);
  });

  it('a 20 KB part that never ends answers 4xx and leaves no temporary file', async () => {
    const app = await build();
    const token = await login(app, DEMO.passenger);
    for (const url of ['/api/users']) {
      const response = await app.inject({
        method: 'PUT',
        url,
        headers: { ...bearer(token), 'content-type': 'multipart/form-data; boundary=xyz' },
        payload: unterminated('xyz', 20_000),
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expectProviderError(response.body);
    }
    const guest = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: unterminated('xyz', 20_000),
    });
    expect(guest.statusCode).toBeLessThan(500);
    expect(tmpFiles(app)).toEqual([]);
  });

  it('refuses lone UTF-16 surrogates with 422 field errors, in values and keys, before any service', async () => {
    const app = await build();
    const token = await login(app, DEMO.passenger);
    const response = await app.inject({
      method: 'PUT',
      url: '/api/users',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '{"name":"Ana \\ud800","description":"ok \\ud83d\\ude00"}',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ name: [expect.stringMatching(/surrogate/)] });
    const nested = await app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{"a":[{"\\udc00":1}]}' });
    expect(nested.statusCode).toBe(422);
    expect(Object.keys(nested.json().errors)).toEqual(['a.0.\uFFFD']);
  });

  it("answers Fastify's own 400, 413, 414 and 415 in the provider format", async () => {
    const app = await build();
    const malformed = await app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(malformed.statusCode).toBe(422);
    expectProviderError(malformed.body);
    const proto = await app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{"__proto__":{"x":1}}' });
    expect(proto.statusCode).toBe(422);
    expectProviderError(proto.body);
    const big = await app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email: 'x'.repeat(2_000_000) }) });
    expect(big.statusCode).toBe(413);
    expectProviderError(big.body);
    const long = await app.inject({ method: 'GET', url: `/api/trips?q=${'a'.repeat(9000)}` });
    expect(long.statusCode).toBe(414);
    expectProviderError(long.body);
    const type = await app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'text/xml' }, payload: '<a/>' });
    expect(type.statusCode).toBe(415);
    expectProviderError(type.body);
  });

  it("answers Node's 431 and 400 (before Fastify) in the provider format over a real socket", async () => {
    const app = await build();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as net.AddressInfo;
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString()));
        socket.on('end', () => resolve(answer));
        socket.on('error', reject);
      });
    const huge = await raw(`GET /api/config HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(huge).toMatch(/^HTTP\/1.1 431/);
    expectProviderError(huge.split('\r\n\r\n')[1]!);
    const broken = await raw('NOT A REQUEST\r\n\r\n');
    expect(broken).toMatch(/^HTTP\/1.1 400/);
    expectProviderError(broken.split('\r\n\r\n')[1]!);
  });
});
