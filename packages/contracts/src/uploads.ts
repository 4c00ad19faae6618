import { z } from 'zod';
import { LENGTHS, UPLOADS } from './constants';

/**
 * A file of a multipart body as the server's parser hands it over: name, type and size
 * (the parser may add more, e.g. the bytes, which pass through). OpenAPI shows it as a binary string.
 */
export const uploadedFile = (types: readonly string[]) =>
  z
    .object({
      filename: z.string().min(1).max(LENGTHS.fileName),
      mimetype: z.string().refine((type) => types.includes(type), {
        message: `Tipo de archivo no permitido (${types.join(', ')})`,
      }),
      size: z.number().int().nonnegative().max(UPLOADS.maxFileBytes),
    })
    .loose()
    .meta({ type: 'string', format: 'binary' });

export const UploadedDocumentSchema = uploadedFile(UPLOADS.documentTypes);
export type UploadedFile = z.infer<typeof UploadedDocumentSchema>;

/**
 * A repeated multipart field (`name[]`, the PHP convention the provider reads): a parser yields a
 * single value when only one part came, so one value is taken as a list of one.
 */
export const multipartList = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => (value === undefined || Array.isArray(value) ? value : [value]), z.array(item));

/** Optional text field of a form: browsers send untouched inputs as '', which counts as absent. */
export const formOptional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional()).optional();
