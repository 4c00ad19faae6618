import { z } from 'zod';

/** Provider booleans arrive as 0/1 (Laravel tinyint) or as true/false. */
export const FlagSchema = z.union([z.literal(0), z.literal(1), z.boolean()]);
export type Flag = z.infer<typeof FlagSchema>;

export const IdSchema = z.number().int().positive();

/** 'YYYY-MM-DD HH:mm:ss' in Argentina time, as the provider writes dates. */
export const DateTimeStringSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'Expected YYYY-MM-DD HH:mm:ss');
/**
 * A date-time as the provider's models serialise it (Carbon's toJSON: ISO 8601 in UTC,
 * `2026-12-01T23:48:34.000000Z`), or its raw columns' 'YYYY-MM-DD HH:mm:ss' (Argentina time).
 */
export const ModelDateTimeSchema = z.union([
  DateTimeStringSchema,
  z.iso.datetime({ offset: true, message: 'Expected an ISO 8601 date-time or YYYY-MM-DD HH:mm:ss' }),
]);
/** 'YYYY-MM-DD'. */
export const DateStringSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected YYYY-MM-DD');

// The query and path helpers try the string first: that is what a server receives (a client may pass
// a number). A union tries its options in order and a failed option costs its issue objects, so the
// number first made every parse of a query fail once per field. What is accepted, the value and the error of a bad string are the same either way.

/** Query-string integer: the client passes a number, the server receives a string. */
export const queryInt = () =>
  z.union([z.string().regex(/^-?\d+$/), z.number()]).transform(Number).pipe(z.number().int());
/** Query-string number (coordinates). */
export const queryNumber = () =>
  z.union([z.string().regex(/^-?\d+(\.\d+)?$/), z.number()]).transform(Number).pipe(z.number());
/** Query-string boolean: true/false/1/0. */
export const queryBool = () =>
  z
    .union([z.enum(['true', 'false', '1', '0']), z.boolean()])
    .transform((value) => value === true || value === 'true' || value === '1');

/** Path ids arrive as strings. */
export const pathId = () =>
  z.union([z.string().regex(/^\d+$/), z.number()]).transform(Number).pipe(z.number().int().positive());

/** Form booleans (multipart and JSON bodies from the client): true/false/1/0. */
export const bodyBool = () =>
  z
    .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['true', 'false', '1', '0'])])
    .transform((value) => value === true || value === 1 || value === 'true' || value === '1');

/** A plain `{ data: T }` wrapper. */
export const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

/** Answers that only confirm: the provider sends `{ data: 'ok' }` or similar. */
export const OkSchema = z.object({ data: z.string() }).loose();
