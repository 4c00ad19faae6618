import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import type { ZodType } from 'zod';
import { toOpenApiPath, type Endpoint } from './endpoint';
import { endpointList } from './endpoints';

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No content',
  401: 'Not logged in, or the credentials were refused',
  403: 'Forbidden for this role',
  404: 'Not found',
  413: 'File too large',
  422: 'Business or validation error (provider format)',
  501: 'Not implemented yet in the mock',
};

function register(registry: OpenAPIRegistry, endpoint: Endpoint): void {
  const bodyContentType = endpoint.multipart ? 'multipart/form-data' : 'application/json';
  const responses = Object.fromEntries(
    Object.entries(endpoint.responses).map(([status, schema]) => [
      status,
      {
        description: STATUS_TEXT[Number(status)] ?? 'Answer',
        content: { 'application/json': { schema: schema as ZodType } },
      },
    ]),
  );
  registry.registerPath({
    method: endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete',
    path: toOpenApiPath(endpoint.path),
    operationId: endpoint.id,
    tags: [endpoint.id.split('.')[0] ?? 'api'],
    summary: endpoint.summary,
    description: endpoint.description,
    security: endpoint.auth === 'user' || endpoint.auth === 'admin' ? [{ bearerAuth: [] }] : [],
    request: {
      params: endpoint.params,
      query: endpoint.query,
      body: endpoint.body
        ? { content: { [bodyContentType]: { schema: endpoint.body as ZodType } } }
        : undefined,
    },
    responses,
  });
}

/** The OpenAPI 3.1 document of the whole registry. */
export function buildOpenApiDocument(serverUrl = '/') {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
  });
  for (const endpoint of endpointList) register(registry, endpoint);
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Carpool provider API (mock and contract)',
      version: '3',
      description:
        'The calls of the carpooling app, generated from packages/contracts. The mock API implements them; ' +
        'the production web build talks to the provider API with the same contract. The mock answers a write ' +
        'its disk refuses (full, over quota or read-only) with 503 `{message, errors: {error: "server_error"}}` ' +
        'and Retry-After, and an HTTP/1.1 request without Host with 400 validation_failed (docs/decisions/hardening.md).',
    },
    servers: [{ url: serverUrl }],
  });
}
