import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../test/helper';
import { controlsBanner } from './access';

/** A small reverse proxy as nginx would be one: real sockets, the client's address in X-Forwarded-For and Via. */
async function startProxy(target: number, headers: (incoming: http.IncomingHttpHeaders) => http.OutgoingHttpHeaders) {
  const proxy = http.createServer((incoming, outgoing) => {
    const forwarded = http.request(
      { host: '127.0.0.1', port: target, method: incoming.method, path: incoming.url, headers: headers(incoming.headers) },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  afterAll(() => new Promise<void>((resolve) => proxy.close(() => resolve())));
  return (proxy.address() as AddressInfo).port;
}

async function call(port: number, path: string, options: { method?: string; headers?: Record<string, string> } = {}) {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { method: options.method ?? 'GET', headers: options.headers, redirect: 'manual' });
  return { status: response.status, body: await response.text(), headers: response.headers };
}

async function listening(env: Record<string, unknown> = {}) {
  const app = await build(env);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, port: (app.server.address() as AddressInfo).port };
}

describe('controls behind a proxy (issue 43)', () => {
  it('a local reverse proxy gets 403 without the token, although its socket is loopback', async () => {
    const { port } = await listening();
    expect((await call(port, '/__mock/requests')).status).toBe(200);
    const proxied = await startProxy(port, (headers) => ({ ...headers, 'x-forwarded-for': '203.0.113.9', via: '1.1 test-proxy' }));
    const refused = await call(proxied, '/__mock/requests');
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body)).toEqual({ message: expect.stringContaining('MOCK_CONTROLS_TOKEN'), errors: { error: 'forbidden' } });
    expect((await call(proxied, '/__mock/reset', { method: 'POST', headers: { 'content-type': 'application/json' } })).status).toBe(403);
    expect((await call(proxied, '/__mock/outbox')).status).toBe(403);
    // The API itself goes through.
    expect((await call(proxied, '/api/config')).status).toBe(200);
  });

  it('each forwarding header alone ends loopback trust', async () => {
    const { port } = await listening();
    for (const [name, value] of [['forwarded', 'for=198.51.100.4'], ['x-forwarded-for', '198.51.100.4'], ['x-real-ip', '198.51.100.4'], ['via', '1.1 nginx'], ['x-forwarded-host', 'demo.example']] as const) {
      expect((await call(port, '/__mock/status', { headers: { [name]: value } })).status, name).toBe(403);
    }
    // Another site's page, and a host name that only resolves to loopback (DNS rebinding): refused too.
    expect((await call(port, '/__mock/status', { method: 'GET', headers: { origin: 'https://evil.example' } })).status).toBe(403);
    const rebound = await new Promise<number>((resolve, reject) => {
      http.get({ host: '127.0.0.1', port, path: '/__mock/status', headers: { host: 'evil.example' } }, (answer) => {
        answer.resume();
        resolve(answer.statusCode ?? 0);
      }).on('error', reject);
    });
    expect(rebound).toBe(403);
  });

  it('with a token, the same proxy passes the holder through (header, or the control page cookie)', async () => {
    const { port } = await listening({ mockControlsToken: 'proxy-token-0123456789' });
    const proxied = await startProxy(port, (headers) => ({ ...headers, 'x-forwarded-for': '203.0.113.9' }));
    expect((await call(proxied, '/__mock/requests')).status).toBe(403);
    expect((await call(proxied, '/__mock/requests', { headers: { 'x-mock-controls-token': 'proxy-token-0123456789' } })).status).toBe(200);
    expect((await call(proxied, '/__mock/?token=wrong')).status).toBe(403);
    const page = await call(proxied, '/__mock/?token=proxy-token-0123456789');
    expect(page.status).toBe(302);
    const cookie = page.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^mock_controls_token=proxy-token-0123456789; Path=\/__mock; HttpOnly; SameSite=Strict/);
    expect((await call(proxied, '/__mock/status', { headers: { cookie: cookie.split(';')[0]! } })).status).toBe(200);
  });

  it('a server listening beyond loopback needs the token even from loopback', async () => {
    const { port } = await listening({ host: '0.0.0.0' });
    expect((await call(port, '/__mock/status')).status).toBe(403);
  });

  it('npm start says how to reach them', () => {
    expect(controlsBanner({ token: undefined, host: '127.0.0.1', port: 3000 })).toMatch(/http:\/\/localhost:3000\/__mock\/ .*loopback.*MOCK_CONTROLS_TOKEN/);
    expect(controlsBanner({ token: 'x', tokenFile: '/data/mock-controls-token', host: '0.0.0.0', port: 3000 })).toMatch(/X-Mock-Controls-Token .*\/data\/mock-controls-token.*\/__mock\/\?token=<token>/);
  });
});
