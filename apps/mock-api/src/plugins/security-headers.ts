import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** `https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png` → `https://*.tile.openstreetmap.org` (CSP source). */
export function tileSource(template: string | undefined): string[] {
  if (!template) return [];
  const match = /^(https?:\/\/)([^/]+)/.exec(template);
  if (!match) return [];
  return [`${match[1]}${match[2]!.replace(/\{[a-z]+\}/gi, '*')}`];
}

/**
 * Helmet headers for every answer, from one Helmet middleware made at start-up and run on every
 * request (@fastify/helmet made a new one per request, parsing the CSP each time: ~2 % of a
 * request's CPU under load). The CSP lets the built app (own scripts, Mantine's inline
 * styles), the map tiles of config.map_tile_url, the Swagger page (/api/docs: own files, inline
 * styles, data: images) and the payment page (its own stricter CSP, plugins/transbank.ts) work;
 * `worker-src`/`manifest-src` 'self' for the PWA's service worker and manifest; no framing anywhere.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...tileSource(app.country.config.map_tile_url)],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // The API is called from other origins (CORS); its JSON must stay readable there.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
    // Plain-HTTP laptops and CI: no HSTS pin on localhost.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) => headers(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)));
});
