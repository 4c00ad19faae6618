import { z } from 'zod';

// The codes and the body readers live in error-codes.ts, without zod, so the web app's first load
// can read error answers without the schemas.
export * from './error-codes';

/**
 * The provider's error body (Laravel style):
 * `{ message, errors: { error: "<code>" } }`, `{ message, errors: { error: ["<code>"] } }`
 * or field errors `{ message, errors: { email: ["The email has already been taken."] } }`.
 */
export const ErrorBodySchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.union([z.string(), z.array(z.string())])).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
