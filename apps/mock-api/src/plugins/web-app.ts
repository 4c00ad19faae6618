import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Vite puts every content-hashed file under assets/: those never change under the same name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html, runtime-config.js and the rest: revalidated (ETag) on every use. */
export const REVALIDATE = 'no-cache';

export function cacheControlOf(relativePath: string): string {
  return relativePath.split(path.sep).join('/').startsWith('assets/') ? IMMUTABLE : REVALIDATE;
}

/**
 * What this server adds to the web's runtime configuration. `localOutbox`: without SMTP the e-mail is
 * stored in the local outbox (GET /__mock/outbox, only with the controls on), and the registration and
 * reset screens link to it (issue 44).
 */
export function runtimeAdditions(env: { webContractCheck?: 'before-use'; smtpUrl?: string; mockControls: boolean }) {
  return {
    ...(env.webContractCheck ? { contractCheck: env.webContractCheck } : {}),
    ...(!env.smtpUrl && env.mockControls ? { localOutbox: true } : {}),
  };
}

/**
 * The built web app at /app/ with history fallback; / goes to the trips home. Text assets are sent
 * from the brotli or gzip copies the build made (Vite, once) when the browser accepts them.
 */
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
  const runtimeConfig = path.join(dist, 'runtime-config.js');
  const served = runtimeAdditions(app.env);
  if (Object.keys(served).length > 0 && existsSync(runtimeConfig)) {
    // The deployed configuration plus what this server knows: the e2e switch (answers checked before
    // use, as in development) and whether e-mail goes to the local outbox (no SMTP, controls on).
    const script = `${readFileSync(runtimeConfig, 'utf8')}\nwindow.__CARPOOL__ = { ...window.__CARPOOL__, ...${JSON.stringify(served)} };\n`;
    app.addHook('onRequest', async (request, reply) => {
      if (request.url.split('?')[0] !== '/app/runtime-config.js') return;
      return reply.header('Cache-Control', REVALIDATE).type('text/javascript; charset=utf-8').send(script);
    });
  }
  await app.register(fastifyStatic, {
    root: dist,
    prefix: '/app/',
    wildcard: false,
    index: ['index.html'],
    preCompressed: true,
    cacheControl: false,
    setHeaders: (response, filePath) => response.setHeader('Cache-Control', cacheControlOf(path.relative(dist, filePath))),
  });
  // Every other /app/ path is a client route: answer index.html and let the router decide.
  app.get('/app/*', async (_request, reply) => reply.type('text/html; charset=utf-8').sendFile('index.html'));
}
