import { describe, expect, it } from 'vitest';
import { build } from '../../test/helper';

const ORIGIN = 'https://app.carpool.example';

// The exact preflight Chromium sends before a call carrying a custom header (Fetch spec: lower-case,
// comma-separated list of the non-safelisted headers).
function preflight(method: string, headers: string) {
  return {
    method: 'OPTIONS' as const,
    headers: {
      origin: ORIGIN,
      'access-control-request-method': method,
      'access-control-request-headers': headers,
      accept: '*/*',
      'sec-fetch-mode': 'cors',
      'sec-fetch-site': 'cross-site',
      'sec-fetch-dest': 'empty',
    },
  };
}

describe('CORS like the provider (allowed_headers and allowed_methods *)', () => {
  const providerHeaders = ['x-app-platform', 'x-app-version', 'x-app-version-source'];

  it.each(providerHeaders)('a preflight asking for %s is allowed', async (header) => {
    const app = await build();
    const response = await app.inject({ ...preflight('GET', header), url: '/api/config' });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(ORIGIN);
    const allowed = String(response.headers['access-control-allow-headers']).toLowerCase().split(/\s*,\s*/);
    expect(allowed).toContain(header);
  });

  it('allows the provider clients\' whole header set at once, and any other header', async () => {
    const app = await build();
    const asked = 'authorization,content-type,x-app-platform,x-app-version,x-app-version-source,x-anything-new';
    const response = await app.inject({ ...preflight('POST', asked), url: '/api/trips' });
    expect(response.statusCode).toBe(204);
    const allowed = String(response.headers['access-control-allow-headers']).toLowerCase().split(/\s*,\s*/);
    expect(allowed).toEqual(expect.arrayContaining(asked.split(',')));
  });

  it.each(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])('allows the method %s', async (method) => {
    const app = await build();
    const response = await app.inject({ ...preflight(method, 'authorization'), url: '/api/users/1' });
    expect(response.statusCode).toBe(204);
    const methods = String(response.headers['access-control-allow-methods']).split(/\s*,\s*/);
    expect(methods).toContain(method);
  });

  it('answers the real call after the preflight with the allowed origin', async () => {
    const app = await build();
    const response = await app.inject({
      method: 'GET',
      url: '/api/config',
      headers: { origin: ORIGIN, 'x-app-platform': 'web', 'x-app-version': '3.0.0', 'x-app-version-source': 'web' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe(ORIGIN);
  });
});
