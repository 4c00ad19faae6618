import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { buildOpenApiDocument } from '@carpool/contracts/openapi';
import { withControls } from '../controls/openapi';

/** OpenAPI 3.1 generated from the contracts registry: /api/docs (browsable) and /api/docs/openapi.json. */
export async function docsPlugin(app: FastifyInstance) {
  // The test controls under their own tag when they are on (issue 43).
  const generated = buildOpenApiDocument(app.env.publicUrl);
  const document = app.env.mockControls ? withControls(generated) : generated;
  app.get('/api/docs/openapi.json', async () => document);
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });
}
