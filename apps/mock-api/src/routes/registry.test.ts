import { endpointList } from '@carpool/contracts';
import { buildOpenApiDocument } from '@carpool/contracts/openapi';
import { describe, expect, it } from 'vitest';
import { DEMO, bearer, build, login } from '../../test/helper';
import { notImplementedIds } from './registry';

const API_ROUTE = /^\/api\//;
const NOT_REGISTRY = /^\/api\/docs/;

describe('registry ↔ routes', () => {
  it('serves one route per registry entry and no other /api route', async () => {
    const app = await build();
    const served = app.routeTable
      .filter((route) => API_ROUTE.test(route.url) && !NOT_REGISTRY.test(route.url) && route.method !== 'OPTIONS')
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    const registry = endpointList.map((endpoint) => `${endpoint.method} ${endpoint.path}`).sort();
    expect(served).toEqual(registry);
  });

  it('lists every entry as one OpenAPI operation', () => {
    const document = buildOpenApiDocument();
    const operations = Object.values(document.paths ?? {}).flatMap((item) =>
      ['get', 'post', 'put', 'patch', 'delete'].flatMap((method) => {
        const operation = (item as Record<string, { operationId?: string } | undefined>)[method];
        return operation?.operationId ? [operation.operationId] : [];
      }),
    );
    expect(operations.sort()).toEqual(endpointList.map((endpoint) => endpoint.id).sort());
  });

  it('answers 501 in the provider format for entries not built yet, and reports how many remain', async () => {
    const app = await build();
    const token = await login(app, DEMO.admin);
    const pending = notImplementedIds();
    console.info(`[registry] ${endpointList.length} entries, ${endpointList.length - pending.length} implemented, ${pending.length} answer 501`);
    for (const id of pending) {
      const endpoint = endpointList.find((entry) => entry.id === id)!;
      const url = endpoint.path.replace(/:([A-Za-z_]+)/g, '1');
      const anonymous = await app.inject({ method: endpoint.method, url });
      if (endpoint.auth === 'user' || endpoint.auth === 'admin') {
        expect(anonymous.statusCode, `${id}: ${anonymous.body}`).toBe(401);
      }
      const response = await app.inject({ method: endpoint.method, url, headers: bearer(token) });
      expect(response.statusCode, `${id}: ${response.body}`).toBe(501);
      expect(response.json()).toEqual({ message: expect.any(String), errors: { error: 'not_implemented' } });
    }
  });
});
