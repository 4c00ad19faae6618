/** Digits only: what the number inputs of the trip form keep of what is typed or pasted. */
export const onlyDigits = (text: string): string => text.replace(/\D+/g, '');

/** '12500' → '12.500' (Argentine thousands separator). */
export function formatThousands(value: string | number): string {
  const digits = onlyDigits(String(value)).replace(/^0+(?=\d)/, '');
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** '12.500' → 12500; empty → null. */
export function parseAmount(text: string): number | null {
  const digits = onlyDigits(text);
  return digits === '' ? null : Number(digits);
}

const EDIT_KEYS = new Set([
  'Backspace',
  'Delete',
  'Tab',
  'Enter',
  'Escape',
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
]);

type KeyLike = { key: string; ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean };

/** Number-only inputs accept digits, navigation and edit keys (and shortcuts such as copy and paste). */
export function isNumberKeyAllowed({ key, ctrlKey, metaKey, altKey }: KeyLike): boolean {
  if (ctrlKey || metaKey || altKey) return true;
  return /^\d$/.test(key) || EDIT_KEYS.has(key);
}

/** A paste goes in only if it is all digits (thousands dots allowed). */
export const isDigitsPaste = (text: string): boolean => /^\d[\d.]*$/.test(text.trim());

/** Time mask ##:##: digits only, a colon after the hours, at most four digits. */
export function maskTime(text: string): string {
  const digits = onlyDigits(text).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
}

/** 'HH:mm', 24-hour clock. */
export const isValidTime = (value: string): boolean => /^([01]\d|2[0-3]):[0-5]\d$/.test(value);

/** Seconds → 'HH:MM' (the wire's estimated_time). */
export function durationToHhMm(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
