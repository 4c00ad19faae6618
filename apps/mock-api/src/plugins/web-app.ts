import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** The built web app at /app/ with history fallback; / goes to the trips home. */
export async function webAppPlugin(app: FastifyInstance) {
  app.get('/', async (_request, reply) => reply.redirect('/app/trips'));
  const dist = app.env.webDist;
  const index = path.join(dist, 'index.html');
  if (!existsSync(index)) {
    app.get('/app/*', async (_request, reply) =>
      reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('La app web no está compilada todavía: ejecutá `npm run build` (npm start lo hace).'),
    );
    return;
  }
  await app.register(fastifyStatic, { root: dist, prefix: '/app/', wildcard: false, index: ['index.html'] });
  // Every other /app/ path is a client route: answer index.html and let the router decide.
  app.get('/app/*', async (_request, reply) => reply.type('text/html; charset=utf-8').sendFile('index.html'));
}
