import { LENGTHS, UPLOADS } from '@carpool/contracts';
import type { TFunction } from 'i18next';
import { z } from 'zod';

/**
 * Validation messages of the account forms as i18n keys (spec document 1 §5 names them:
 * olvidoEmail, contraCorta, ...), so the rules stay plain functions that tests read directly.
 */
export type RuleMessage = { key: string; params?: Record<string, string | number> };
export type RuleErrors<Field extends string> = Partial<Record<Field, RuleMessage>>;

export const message = (key: string, params?: RuleMessage['params']): RuleMessage => (params ? { key, params } : { key });

/** Rule errors → the texts Mantine's form shows. */
export function translateErrors<Field extends string>(errors: RuleErrors<Field>, t: TFunction): Partial<Record<Field, string>> {
  const out: Partial<Record<Field, string>> = {};
  for (const [field, rule] of Object.entries(errors) as [Field, RuleMessage | undefined][]) {
    if (rule) out[field] = t(rule.key, rule.params);
  }
  return out;
}

const emailSchema = z.email();

export const isEmail = (value: string): boolean => emailSchema.safeParse(value.trim()).success;

export const isBlank = (value: string | null | undefined): boolean => !value || value.trim() === '';

export const tooLong = (value: string, max: number): RuleMessage | null =>
  value.length > max ? message('maxCaracteres', { max }) : null;

/** Password: required (olvidoContrasena), at least LENGTHS.passwordMin (contraCorta), at most LENGTHS.password. */
export function passwordRule(value: string): RuleMessage | null {
  if (!value) return message('olvidoContrasena');
  if (value.length < LENGTHS.passwordMin) return message('contraCorta', { min: LENGTHS.passwordMin });
  return tooLong(value, LENGTHS.password);
}

/** Non-space characters of a text (the description needs LENGTHS.userDescriptionMinNonSpace). */
export const nonSpaceLength = (value: string): number => value.replace(/\s/g, '').length;

/** Documents of a driver request: images or PDF up to UPLOADS.maxFileBytes each. */
export function documentsRule(files: readonly File[]): RuleMessage | null {
  const types: readonly string[] = UPLOADS.documentTypes;
  const bad = files.find((file) => !types.includes(file.type) || file.size > UPLOADS.maxFileBytes);
  return bad ? message('archivoInvalido', { name: bad.name, mb: UPLOADS.maxFileBytes / (1024 * 1024) }) : null;
}
