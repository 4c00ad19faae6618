import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';

/** `https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png` → `https://*.tile.openstreetmap.org` (CSP source). */
export function tileSource(template: string | undefined): string[] {
  if (!template) return [];
  const match = /^(https?:\/\/)([^/]+)/.exec(template);
  if (!match) return [];
  return [`${match[1]}${match[2]!.replace(/\{[a-z]+\}/gi, '*')}`];
}

/**
 * The headers a Helmet middleware sets, read once by running it on a stand-in response. Every
 * directive below is a constant (no nonce, nothing read from the request), so every response gets
 * the same headers; a middleware that reads anything else of the response, or does not finish at
 * once, throws here and the server does not start. Helmet's one removal (`X-Powered-By`) is not
 * needed: Fastify never sets that header.
 */
export function headersOf(middleware: ReturnType<typeof helmet>): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader() {},
  };
  let done = false;
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  if (!done) throw new Error('the Helmet middleware did not finish at once');
  return Object.freeze(headers);
}

/**
 * Helmet headers for every answer. The CSP lets the built app (own scripts, Mantine's inline
 * styles), the map tiles of config.map_tile_url, the Swagger page (/api/docs: own files, inline
 * styles, data: images) and the payment page (its own stricter CSP, plugins/transbank.ts) work;
 * `worker-src`/`manifest-src` 'self' for the PWA's service worker and manifest; no framing anywhere.
 *
 * The headers are worked out once at start-up (`headersOf`) and added to each reply with Fastify's
 * `reply.headers`. @fastify/helmet made a new middleware per request, parsing the CSP each time
 * (~2 % of a request's CPU under load); running one middleware per request still built the CSP
 * text and called Node's `setHeader` a dozen times (which also moves Node's `writeHead` to its
 * slower path): 3.9 % of the CPU under the varied search mix in a --cpu-prof profile.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const headers = headersOf(
    helmet({
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
    }),
  );
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
});
