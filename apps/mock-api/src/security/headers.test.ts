import helmet from 'helmet';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { build } from '../../test/helper';
import { headersOf, tileSource } from '../plugins/security-headers';

describe('security headers', () => {
  it('send helmet headers: a CSP for the app, the map tiles, service worker and manifest; nosniff; no framing', async () => {
    const app = await build();
    const response = await app.inject({ method: 'GET', url: '/api/config' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).toMatch(/img-src [^;]*https:\/\/\*\.tile\.openstreetmap\.org/);
    expect(tileSource('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png')).toEqual(['https://*.tile.openstreetmap.org']);
    // Swagger UI's page loads only its own files.
    const docs = await app.inject({ method: 'GET', url: '/api/docs/static/index.html' });
    expect(docs.body).not.toMatch(/<script>(?!\s*<\/script>)/);
  });

  it('are the headers Helmet sets on a real response, on every kind of answer', async () => {
    // The headers are worked out once (headersOf); Helmet's middleware on a Node response gives the same.
    const middleware = helmet({
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"], imgSrc: ["'self'", 'data:'], frameAncestors: ["'none'"] } },
      crossOriginResourcePolicy: { policy: 'cross-origin' },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: false,
    });
    const response = new ServerResponse(new IncomingMessage(new Socket()));
    let finished = false;
    middleware(response.req, response, () => {
      finished = true;
    });
    expect(finished).toBe(true);
    const real = Object.fromEntries(Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]));
    expect(headersOf(middleware)).toEqual(real);
    expect(Object.keys(real).length).toBeGreaterThan(8);
    // A middleware that needs more than setting headers is refused at start-up.
    expect(() => headersOf(((_q: unknown, res: ServerResponse) => res.getHeader('x')) as never)).toThrow();

    const app = await build();
    const expected = await app.inject({ method: 'GET', url: '/api/config' });
    const helmetNames = Object.keys(real);
    const answers = [
      await app.inject({ method: 'GET', url: '/api/trips?origin_lat=-34.6&origin_lng=-58.4' }),
      await app.inject({ method: 'GET', url: '/api/trips/999999' }),
      await app.inject({ method: 'GET', url: '/api/trips?page=zero' }),
      await app.inject({ method: 'GET', url: '/api/nothing-here' }),
      await app.inject({ method: 'GET', url: '/api/users/me' }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 401, 422, 404, 401]);
    for (const answer of answers) {
      for (const name of helmetNames) expect(answer.headers[name], `${answer.statusCode} ${name}`).toBe(expected.headers[name]);
    }
  });

  it('answer CORS for any origin but never with credentials, and reflect the requested headers', async () => {
    const app = await build();
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/trips',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'PATCH', 'access-control-request-headers': 'authorization,x-app-version' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://evil.example');
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    expect(String(preflight.headers['access-control-allow-methods'])).toContain('PATCH');
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('x-app-version');
    const simple = await app.inject({ method: 'GET', url: '/api/config', headers: { origin: 'https://evil.example' } });
    expect(simple.headers['access-control-allow-credentials']).toBeUndefined();
  });
});
