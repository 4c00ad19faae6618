import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { FieldErrors } from '@carpool/contracts';
import type { Socket } from 'node:net';
import { AppError } from '../lib/app-error';
import { failedWhileParsing } from './body-guard';

/** Laravel-style field key: `points/0/lat` → `points.0.lat`; a whole-part error takes the part's name. */
function fieldKey(instancePath: string, context: string | undefined): string {
  const key = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return key || (context === 'querystring' ? 'query' : (context ?? 'body'));
}

function toFieldErrors(error: { validation: { instancePath: string; message?: string }[]; validationContext?: string }): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.validation) {
    const key = fieldKey(issue.instancePath, error.validationContext);
    (fields[key] ??= []).push(issue.message ?? 'Invalid value.');
  }
  return fields;
}

/** Node's codes of a disk that cannot take a write: full, over quota, read-only, failing. */
const DISK_ERRNO = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EIO']);
/** SQLite's primary result codes (the low byte of an extended code) for the same: SQLITE_IOERR, SQLITE_READONLY, SQLITE_FULL. */
const SQLITE_DISK_CODES = new Set([10, 8, 13]);
/** The same by SQLite's own words, for a driver that gives no code. */
const SQLITE_DISK_TEXT = /database or disk is full|attempt to write a readonly database|disk I\/O error/i;
/** How long a client waits before trying a write again when the disk is full or read-only. */
export const DISK_RETRY_AFTER_SECONDS = 60;

/**
 * True for a write the disk refused (issue 45): a Node file error, or SQLite's through Prisma's
 * driver adapter (`DriverAdapterError` whose cause is `{ kind: 'sqlite', extendedCode }`), looked
 * for along the `cause` chain.
 */
export function isDiskError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const { code, kind, extendedCode, message } = current as { code?: unknown; kind?: unknown; extendedCode?: unknown; message?: unknown };
    if (typeof code === 'string' && DISK_ERRNO.has(code)) return true;
    if (typeof code === 'string' && /^SQLITE_(FULL|READONLY|IOERR)/.test(code)) return true;
    if (kind === 'sqlite' && typeof extendedCode === 'number' && SQLITE_DISK_CODES.has(extendedCode & 0xff)) return true;
    if (typeof message === 'string' && SQLITE_DISK_TEXT.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * One error handler for the whole API: business errors and validation failures in the
 * provider's 422 format, client errors with their status, a disk that refuses writes as 503
 * with Retry-After, and nothing unexpected leaks (5xx details are logged, never sent).
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.status).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(422).send(AppError.fields(toFieldErrors(error)).toBody());
    }
    if (isDiskError(error)) {
      // Checked before the parsing rule below: a temporary file that cannot be written is not the client's mistake.
      request.log.error({ err: error }, 'disk refused a write');
      reply.header('retry-after', String(DISK_RETRY_AFTER_SECONDS));
      return reply.status(503).send(new AppError('server_error', { status: 503, message: 'Service Unavailable: the server cannot store data right now; try again later.' }).toBody());
    }
    if (error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
      return reply.status(413).send(new AppError('file_too_large', { message: 'The file is too large.' }).toBody());
    }
    // A body that could not be read (busboy's malformed or unterminated parts, bad encodings) is the client's mistake.
    const status = error.statusCode ?? (failedWhileParsing(request) ? 400 : 500);
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type, too many parts...: the client's mistake, said plainly.
      const code = status === 401 ? 'token_invalid' : status === 404 ? 'not_found' : 'validation_failed';
      return reply.status(status === 400 ? 422 : status).send({ message: error.message, errors: { error: code } });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send(new AppError('server_error', { message: 'Server error.' }).toBody());
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(new AppError('not_found', { message: `No route for ${request.method} ${request.url}` }).toBody());
  });
});

const CLIENT_ERROR_TEXT: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 413: 'Payload Too Large', 414: 'URI Too Long', 431: 'Request Header Fields Too Large' };

/** Node's parser errors (bad request line, headers too large, timeouts) answered in the provider's format, then closed. */
export function answerClientError(error: Error & { code?: string }, socket: Socket) {
  if (!socket.writable) return socket.destroy();
  const status =
    error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_URI_TOO_LONG' ? 414 : 400;
  const body = JSON.stringify({ message: CLIENT_ERROR_TEXT[status], errors: { error: 'validation_failed' } });
  socket.end(
    `HTTP/1.1 ${status} ${CLIENT_ERROR_TEXT[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
