import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { buildOpenApiDocument } from '@carpool/contracts/openapi';

/** OpenAPI 3.1 generated from the contracts registry: /api/docs (browsable) and /api/docs/openapi.json. */
export async function docsPlugin(app: FastifyInstance) {
  const document = buildOpenApiDocument(app.env.publicUrl);
  app.get('/api/docs/openapi.json', async () => document);
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });
}
