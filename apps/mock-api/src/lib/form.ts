import type { FieldErrors } from '@carpool/contracts';
import type { z } from 'zod';

/** Laravel's attribute name: `mobile_phone` → `mobile phone`. */
const attribute = (key: string) => key.replaceAll('_', ' ').replace(/\.\d+$/, '');

/** Sub-fields of an uploaded file descriptor; their errors belong to the file itself (`docs.0`). */
const FILE_KEYS = new Set(['filename', 'mimetype', 'size', 'path']);

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * zod issues → Laravel-style field errors (`errors.<field>: [...]`, dotted keys for list items).
 * A missing value (not in `input`) reads "The <field> field is required." as Laravel words it.
 */
export function toFieldErrors(issues: readonly z.core.$ZodIssue[], input: unknown): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String);
    if (path.length > 1 && FILE_KEYS.has(path[path.length - 1]!)) path.pop();
    const key = path.join('.') || 'body';
    const missing = (issue.code === 'invalid_type' || issue.code === 'invalid_union') && valueAt(input, issue.path) === undefined;
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
    if (!Object.hasOwn(form, key)) {
      form[key] = rawKey.endsWith('[]') && !Array.isArray(value) ? [value] : value;
      continue;
    }
    form[key] = [form[key], value].flat();
  }
  return form;
}

/** Laravel's unique-rule message: `nro_doc` → "The nro doc has already been taken." */
export const takenMessage = (field: string) => `The ${attribute(field)} has already been taken.`;
export const requiredMessage = (field: string) => `The ${attribute(field)} field is required.`;
