import { z } from 'zod';
import { LENGTHS } from './constants';
import { defineEndpoint } from './endpoint';
import { ErrorBodySchema } from './errors';

/** POST /api/log: a client error (message and stack) for the server log. */
export const LogBodySchema = z.object({ log: z.string().min(1).max(LENGTHS.log) });
export type LogBody = z.input<typeof LogBodySchema>;

export const loggingEndpoints = {
  log: defineEndpoint({
    method: 'POST',
    path: '/api/log',
    summary: 'Send a client error to the server log',
    description: 'Global client errors are sent with their stack. The token is read when present.',
    auth: 'optional',
    body: LogBodySchema,
    responses: { 200: z.object({ data: z.literal('ok') }), 422: ErrorBodySchema },
  }),
};
