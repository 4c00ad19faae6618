import type { FieldErrors } from '@carpool/contracts';
import type { z } from 'zod';
import { AppError } from './app-error';

/** Laravel's attribute name: `mobile_phone` → `mobile phone`. */
const attribute = (key: string) => key.replaceAll('_', ' ').replace(/\.\d+$/, '');

/** Sub-fields of an uploaded file descriptor; their errors belong to the file itself (`docs.0`). */
const FILE_KEYS = new Set(['filename', 'mimetype', 'size', 'path']);

/**
 * zod issues → Laravel-style field errors (`errors.<field>: [...]`, dotted keys for list items).
 * A missing value reads "The <field> field is required." as Laravel words it.
 */
export function toFieldErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String);
    if (path.length > 1 && FILE_KEYS.has(path[path.length - 1]!)) path.pop();
    const key = path.join('.') || 'body';
    const missing = issue.code === 'invalid_type' && issue.input === undefined;
    const message = missing ? `The ${attribute(key)} field is required.` : issue.message;
    const list = (fields[key] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return fields;
}

/** Adds one message to a field (keeps every field's list free of duplicates). */
export function addFieldError(fields: FieldErrors, key: string, message: string): void {
  const list = (fields[key] ??= []);
  if (!list.includes(message)) list.push(message);
}

/**
 * A multipart body as the parser hands it over, made plain: PHP-style list names (`docs[]`) lose
 * their brackets (merged with a plain field of the same name), anything but an object is empty.
 */
export function normalizeForm(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
  const form: Record<string, unknown> = {};
  for (const [rawKey, value] of Object.entries(body as Record<string, unknown>)) {
    const key = rawKey.endsWith('[]') ? rawKey.slice(0, -2) : rawKey;
    if (!(key in form)) {
      form[key] = rawKey.endsWith('[]') && !Array.isArray(value) ? [value] : value;
      continue;
    }
    form[key] = [form[key], value].flat();
  }
  return form;
}

/** Parses input with a contract schema; failures become one 422 with Laravel-style field errors. */
export function parseOrFail<S extends z.ZodType>(schema: S, input: unknown, extra: FieldErrors = {}): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) {
    const fields = toFieldErrors(result.error.issues);
    for (const [key, messages] of Object.entries(extra)) for (const message of messages) addFieldError(fields, key, message);
    throw AppError.fields(fields);
  }
  if (Object.keys(extra).length > 0) throw AppError.fields(extra);
  return result.data;
}

/** Laravel's unique-rule message: `nro_doc` → "The nro doc has already been taken." */
export const takenMessage = (field: string) => `The ${attribute(field)} has already been taken.`;
export const requiredMessage = (field: string) => `The ${attribute(field)} field is required.`;
