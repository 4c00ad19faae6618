import { z } from 'zod';
import { DateTimeStringSchema, IdSchema } from './common';
import { LENGTHS, PAGE_SIZES } from './constants';
import { defineEndpoint } from './endpoint';
import { ErrorBodySchema } from './errors';
import { pageQuery, paginated } from './pagination';

/** Limits of a client error report (the provider's ClientLogSanitizer, SOCIAL.md §8). */
export const LOG_LIMITS = {
  log: LENGTHS.log,
  stack: LENGTHS.log,
  source: 200,
  url: 2000,
  contextKeys: 20,
  contextKey: 100,
  contextValue: 1000,
  /** Reports accepted from one client (token user, else address) per minute; more get 429. */
  perMinute: 10,
} as const;

const contextValue = z.union([z.string().max(LOG_LIMITS.contextValue), z.number(), z.boolean(), z.null()]);

/**
 * POST /api/log: a client error. `log` is the provider's field (message, with the stack); the
 * rest are ours and optional, so a provider-shaped client still works.
 */
export const LogBodySchema = z.object({
  log: z.string().trim().min(1).max(LOG_LIMITS.log),
  source: z.string().max(LOG_LIMITS.source).optional(),
  stack: z.string().max(LOG_LIMITS.stack).optional(),
  url: z.string().max(LOG_LIMITS.url).optional(),
  app_version: z.union([z.number().int(), z.string().max(20)]).optional(),
  context: z
    .record(z.string().max(LOG_LIMITS.contextKey), contextValue)
    .refine((value) => Object.keys(value).length <= LOG_LIMITS.contextKeys, { message: `At most ${LOG_LIMITS.contextKeys} keys.` })
    .optional(),
});
export type LogBody = z.input<typeof LogBodySchema>;

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
      `the user). Stored in the database. More than ${LOG_LIMITS.perMinute} reports a minute from one ` +
      'user (or address) answer 429 too_many_requests.',
    auth: 'optional',
    body: LogBodySchema,
    responses: { 200: z.object({ data: z.literal('ok') }), 422: ErrorBodySchema, 429: ErrorBodySchema },
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
