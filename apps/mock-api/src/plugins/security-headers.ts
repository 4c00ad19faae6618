import helmet from '@fastify/helmet';
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
 * Helmet headers for every answer. The CSP lets the built app (own scripts, Mantine's inline
 * styles), the map tiles of config.map_tile_url, the Swagger page (/api/docs: own files, inline
 * styles, data: images) and the payment page (its own stricter CSP, plugins/transbank.ts) work;
 * `worker-src`/`manifest-src` 'self' for the PWA's service worker and manifest; no framing anywhere.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
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
});
