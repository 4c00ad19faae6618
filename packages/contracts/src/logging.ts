import { z } from 'zod';
import { DateTimeStringSchema, IdSchema } from './common';
import { LENGTHS, PAGE_SIZES } from './constants';
import { defineEndpoint } from './endpoint';
import { ErrorBodySchema } from './errors';
import { pageQuery, paginated } from './pagination';

/**
 * Lengths a client error report is cut to (the provider's ClientLogSanitizer: it truncates, never
 * refuses). `stack`, `url` and `app_version` are ours.
 */
export const LOG_LIMITS = {
  log: 4000,
  stack: LENGTHS.log,
  source: 200,
  url: 2000,
  appVersion: 20,
  contextKey: 100,
  contextValue: 1000,
  /** Levels of objects kept inside `context` (deeper ones are dropped). */
  contextDepth: 2,
  /** Reports stored from one client (token user, else address) per minute; more are answered 200 and dropped. */
  perMinute: 10,
} as const;

/** A context value as our web client sends it; the server takes any JSON and keeps two nested levels. */
type ContextValue = string | number | boolean | null | { [key: string]: ContextValue };

/** What our web client sends (the provider's `log`, `source` and `context`; the rest are ours). */
export type LogBody = {
  log?: string;
  source?: string;
  stack?: string;
  url?: string;
  app_version?: number | string;
  context?: Record<string, ContextValue>;
};

const anyField = (description: string) => z.unknown().optional().describe(description);

/**
 * POST /api/log takes any body and always answers 200, as the provider's DebugController does: every
 * field may be missing or of any type (the server cuts strings to LOG_LIMITS, drops what is not text,
 * and writes nothing when there is neither `log` nor `context`). A body that is not a JSON object
 * (none at all, a list) reads as an empty one.
 */
export const LogBodySchema = z.preprocess(
  (body) => (body && typeof body === 'object' && !Array.isArray(body) ? body : {}),
  z
    .object({
      log: anyField(`The message, with the stack (cut to ${LOG_LIMITS.log}).`),
      source: anyField(`Where it happened, e.g. "web" (cut to ${LOG_LIMITS.source}).`),
      context: anyField(`An object; ${LOG_LIMITS.contextDepth} nested levels are kept, values cut to ${LOG_LIMITS.contextValue}.`),
      stack: anyField(`mock: the stack (cut to ${LOG_LIMITS.stack}).`),
      url: anyField(`mock: the page (cut to ${LOG_LIMITS.url}).`),
      app_version: anyField('mock: the app version.'),
    })
    .loose(),
);

/** A stored client error, as admins read it. */
export const LogEntrySchema = z.object({
  id: IdSchema,
  user_id: IdSchema.nullable(),
  log: z.string(),
  source: z.string().nullable(),
  stack: z.string().nullable(),
  url: z.string().nullable(),
  app_version: z.string().nullable(),
  context: z.record(z.string(), z.unknown()).nullable(),
  created_at: DateTimeStringSchema,
});
export type LogEntry = z.infer<typeof LogEntrySchema>;

export const loggingEndpoints = {
  log: defineEndpoint({
    method: 'POST',
    path: '/api/log',
    summary: 'Send a client error to the server log',
    description:
      'Global client errors are sent with their stack. The token is read when present (the entry keeps ' +
      'the user). Any body is answered 200 (DebugController::log, ClientLogSanitizer): strings are cut, tags ' +
      'removed, a context keeps two nested levels; with neither log nor context nothing is written. ' +
      `Stored in the database (the provider writes a server log line). Past ${LOG_LIMITS.perMinute} reports a minute from one user (or ` +
      'address) a report is answered 200 as any other and dropped, counted in the server log: the provider has no ' +
      'limit here, so its clients never expect an error.',
    auth: 'optional',
    body: LogBodySchema,
    // Only a body over the server's size limit is refused (413); anything else gets 200.
    responses: { 200: z.object({ data: z.literal('ok') }), 413: ErrorBodySchema },
  }),
  adminList: defineEndpoint({
    method: 'GET',
    path: '/api/admin/logs',
    summary: 'Client errors, newest first (admins)',
    description: 'Ours, not the provider\'s (it only writes a server log line). Paged like the other lists.',
    auth: 'admin',
    query: pageQuery(PAGE_SIZES.default),
    responses: { 200: paginated(LogEntrySchema), 401: ErrorBodySchema, 403: ErrorBodySchema, 422: ErrorBodySchema },
  }),
};
