import { endpointList } from '@carpool/contracts';
import { buildOpenApiDocument } from '@carpool/contracts/openapi';
import { describe, expect, it } from 'vitest';
import { build } from '../../test/helper';
import { implementations, notImplementedIds } from './registry';

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

  it('implements every registry entry once, and nothing outside the registry', () => {
    expect(notImplementedIds()).toEqual([]);
    const implemented = implementations.map((implementation) => implementation.endpoint.id);
    expect(implemented.filter((id, index) => implemented.indexOf(id) !== index)).toEqual([]);
    expect(implemented.sort()).toEqual(endpointList.map((endpoint) => endpoint.id).sort());
  });
});
