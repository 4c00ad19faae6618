import { SEARCH } from '@carpool/contracts';
import { dayjs, nowInArgentina, PROVIDER_DATE } from './dates';

/** Input masks of the account forms (spec document 1 §5): digits only, and dates as DD/MM/YYYY. */

export const DATE_MASK = 'DD/MM/YYYY';

/** Keeps only the digits of what was typed or pasted ('30.123-456' → '30123456'). */
export const digitsOnly = (value: string): string => value.replace(/\D/g, '');

/**
 * Writes the slashes of DD/MM/YYYY while the user types: '1', '12', '12/0', '12/03/1990'.
 * Anything but digits is dropped and the value stops at 8 digits.
 */
export function maskDate(value: string): string {
  const digits = digitsOnly(value).slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}

/** 'DD/MM/YYYY' → 'YYYY-MM-DD', or null when it is not a real calendar date. */
export function parseMaskedDate(value: string): string | null {
  if (!/^\d{2}\/\d{2}\/\d{4}$/.test(value)) return null;
  const date = dayjs(value, DATE_MASK, true);
  return date.isValid() ? date.format(PROVIDER_DATE) : null;
}

/** 'YYYY-MM-DD' → 'DD/MM/YYYY' (empty for nothing). */
export function formatMaskedDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = dayjs(value, PROVIDER_DATE, true);
  return date.isValid() ? date.format(DATE_MASK) : '';
}

/** A birthday from 1900-01-01 (SEARCH.minBirthDate) up to today in Argentina. */
export function isBirthdayInRange(isoDate: string, today: string = nowInArgentina().format(PROVIDER_DATE)): boolean {
  return isoDate >= SEARCH.minBirthDate && isoDate <= today;
}
