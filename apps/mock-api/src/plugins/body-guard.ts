import { endpointList } from '@carpool/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

/** Longer request lines are refused with 414 before routing (Node's own limit is the 16 KB header block). */
export const MAX_URL_LENGTH = 8192;
/** Whole request (headers and body) within this time, or Node answers 408 and closes: a part that never ends cannot hang a request. */
export const REQUEST_TIMEOUT_MS = 30_000;

const multipartEndpoints = new Set(endpointList.filter((endpoint) => endpoint.multipart).map((endpoint) => endpoint.id));
/** Entries whose body may be left out (POST /api/log): there an empty JSON body is no body, not an error. */
const bodyOptionalEndpoints = new Set(endpointList.filter((endpoint) => endpoint.body?.safeParse(undefined).success).map((endpoint) => endpoint.id));
const parsing = new WeakSet<FastifyRequest>();

/** True when an error was raised while the body was being read: always the client's doing, never a 500. */
export function failedWhileParsing(request: FastifyRequest): boolean {
  return parsing.has(request);
}

// With the u flag a surrogate class matches only unpaired halves (a pair is one code point).
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
const wellFormed = (text: string) => !LONE_SURROGATE.test(text);

/** Paths (`a.0.b`) of strings and keys that are not well-formed UTF-16 (lone surrogates cannot be stored or sent on). */
export function malformedTextPaths(value: unknown, at = '', found: string[] = []): string[] {
  if (typeof value === 'string') {
    if (!wellFormed(value)) found.push(at || 'body');
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => malformedTextPaths(item, at ? `${at}.${index}` : String(index), found));
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const shown = key.replace(new RegExp(LONE_SURROGATE.source, 'gu'), '\uFFFD');
      const here = at ? `${at}.${shown}` : shown;
      if (!wellFormed(key)) found.push(here);
      malformedTextPaths(item, here, found);
    }
  }
  return found;
}

/**
 * HTTP/1.1 requires Host (RFC 9112 §3.2). Node refuses its absence itself with an empty 400 unless
 * the server is made with `requireHostHeader: false` (app.ts), so the refusal is made here, in the
 * provider's format (issue 45). HTTP/1.0 may leave it out.
 */
export function missingHost(request: FastifyRequest): boolean {
  return request.raw.httpVersionMajor === 1 && request.raw.httpVersionMinor >= 1 && !request.headers.host;
}

/**
 * One guard for every body, whatever route it reaches: multipart only where the contract entry
 * is multipart (checked before a byte is read, after the route's authentication in onRequest),
 * JSON with lone surrogates refused as 422 field errors, over-long URLs answered 414, an HTTP/1.1
 * request without Host answered 400.
 */
export const bodyGuardPlugin = fp(async (app: FastifyInstance) => {
  // Callback hooks, not async ones: every request runs them, and an async hook costs a promise and a
  // turn of the microtask queue each (issue 15: the search's fixed work a request).
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.url.length > MAX_URL_LENGTH) done(new AppError('validation_failed', { status: 414, message: 'URI Too Long' }));
    else if (missingHost(request)) done(new AppError('validation_failed', { status: 400, message: 'Bad Request: the Host header is required.' }));
    else done();
  });

  app.addHook('preParsing', (request, _reply, payload, done) => {
    // GET and HEAD have no body to read (Fastify reads none for them).
    if (request.method === 'GET' || request.method === 'HEAD') return done(null, payload);
    const type = request.headers['content-type'] ?? '';
    if (/^\s*multipart\//i.test(type)) {
      const endpointId = (request.routeOptions.config as { endpointId?: string } | undefined)?.endpointId;
      if (!endpointId || !multipartEndpoints.has(endpointId)) {
        return done(new AppError('validation_failed', { status: 415, message: 'Unsupported Media Type' }));
      }
      if (!/;\s*boundary=("?)[^";]+\1/i.test(type)) {
        return done(new AppError('validation_failed', { status: 415, message: 'The multipart body has no boundary.' }));
      }
    }
    parsing.add(request);
    done(null, payload);
  });
  // @fastify/multipart reads attached fields in preValidation: the body is read once handlers start.
  app.addHook('preHandler', (request, _reply, done) => {
    parsing.delete(request);
    done();
  });

  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const endpointId = (request.routeOptions.config as { endpointId?: string } | undefined)?.endpointId;
    if (body === '' && endpointId && bodyOptionalEndpoints.has(endpointId)) return done(null, undefined);
    parseJson(request, body as string, (error, value) => {
      if (error) return done(error, undefined);
      const bad = malformedTextPaths(value);
      if (bad.length) {
        return done(AppError.fields(Object.fromEntries(bad.slice(0, 20).map((key) => [key, ['The text contains an invalid character (lone UTF-16 surrogate).']]))), undefined);
      }
      done(null, value);
    });
  });
});
