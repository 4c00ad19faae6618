import { describe, expect, it } from 'vitest';
import { toOpenApiPath } from './endpoint';
import { endpointList, endpoints } from './endpoints';
import { buildOpenApiDocument } from './openapi';

type Operation = {
  operationId?: string;
  security?: unknown[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
};

const document = buildOpenApiDocument();
const operations: Operation[] = Object.values(document.paths ?? {}).flatMap(
  (item) => Object.values(item as Record<string, Operation>),
);
const operationOf = (path: string, method: string) =>
  (document.paths?.[toOpenApiPath(path)] as Record<string, Operation> | undefined)?.[method.toLowerCase()];

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1', () => {
    expect(document.openapi).toBe('3.1.0');
  });

  it('has one operation per registry entry, named by its id', () => {
    expect(operations).toHaveLength(endpointList.length);
    const operationIds = operations.map((operation) => operation.operationId).sort();
    expect(operationIds).toEqual(endpointList.map((entry) => entry.id).sort());
    for (const entry of endpointList) {
      expect(operationOf(entry.path, entry.method)?.operationId).toBe(entry.id);
    }
  });

  it('asks for the bearer token where a session is required', () => {
    for (const entry of endpointList) {
      const security = operationOf(entry.path, entry.method)?.security ?? [];
      const secured = entry.auth === 'user' || entry.auth === 'admin';
      expect(security.length > 0).toBe(secured);
    }
  });

  it('shows multipart bodies with their files as binary', () => {
    const register = operationOf(endpoints.users.register.path, 'POST');
    const schema = register?.requestBody?.content['multipart/form-data']?.schema;
    expect(schema?.properties?.driver_data_docs).toMatchObject({
      type: 'array',
      items: { type: 'string', format: 'binary' },
    });
    expect(schema?.properties?.email).toMatchObject({ type: 'string' });
    const update = operationOf(endpoints.users.update.path, 'PUT');
    expect(update?.requestBody?.content['multipart/form-data']).toBeDefined();
  });
});
