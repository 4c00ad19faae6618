import { describe, expect, it } from 'vitest';
import { build } from '../../test/helper';
import { tileSource } from '../plugins/security-headers';

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
