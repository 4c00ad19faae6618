/**
 * Redaction for everything the proxy keeps (HAR recordings, the drift report's examples): by field
 * name (passwords, tokens, e-mails, phones, document numbers) and by pattern in any text (e-mail
 * addresses, JWTs and bearer tokens, phone and document numbers). A value is masked in place, keeping
 * its shape (letters → x, digits → 0, the rest kept) so a redacted recording still matches the
 * contract's formats (an e-mail stays an e-mail, a phone stays digits) and can be checked offline.
 */

/** Field names whose value is personal or a credential, whatever it looks like. */
export const SENSITIVE_KEY =
  /(pass(word)?|passwd|token|secret|jwt|credential|e-?mail|phone|mobile|celular|telefono|tel$|^tel_|nro_doc|^doc$|doc_?number|dni|document|cuit|cuil|cbu|authorization|cookie)/i;

/** Names that match SENSITIVE_KEY but hold settings, not personal data (`emails_notifications`). */
const NOT_SENSITIVE_KEY = /(notification|verified|enabled|_at$|count)/i;

const isSensitiveKey = (key: string) => SENSITIVE_KEY.test(key) && !NOT_SENSITIVE_KEY.test(key);

/** Headers kept out of recordings (their value is a credential). */
export const SENSITIVE_HEADER = /^(authorization|proxy-authorization|cookie|set-cookie|x-mock-controls-token|x-api-key|x-auth-token)$/i;

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const JWT = /eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;
const BEARER = /\b(Bearer)\s+[A-Za-z0-9._~+/=-]+/gi;
/** Phone-like: 8 or more digits with spaces, dashes, dots-free separators or a leading +. */
const PHONE = /\+?\(?\d[\d\s()-]{6,}\d/g;
/** Argentine document numbers written with dots (12.345.678). */
const DOTTED_DOCUMENT = /\b\d{1,2}\.\d{3}\.\d{3}\b/g;
/** Dates and times are not phone numbers (`2026-12-05 10:54:00` has a phone-like run). */
const DATE_LIKE = /\d{4}-\d{2}-\d{2}|\d{2}\/\d{2}\/\d{4}/;

/** Letters → x, digits → 0, everything else kept: same length and shape, no content. */
export function mask(text: string): string {
  return text.replace(/\p{L}/gu, 'x').replace(/\p{N}/gu, '0');
}

const digitCount = (text: string) => (text.match(/\d/g) ?? []).length;

/** Masks the personal patterns found in a free text; the rest is left as it is. */
export function redactText(text: string): string {
  return text
    .replace(JWT, mask)
    .replace(BEARER, (_all, word: string) => `${word} ${'x'.repeat(8)}`)
    .replace(EMAIL, mask)
    .replace(DOTTED_DOCUMENT, mask)
    .replace(PHONE, (found) => (DATE_LIKE.test(found) || digitCount(found) < 8 ? found : mask(found)));
}

/** A number whose key is sensitive: the same count of digits, no content (12345678 → 10000000). */
function maskNumber(value: number): number {
  if (value === 0) return 0;
  const digits = String(Math.trunc(Math.abs(value))).length;
  return Number(`1${'0'.repeat(Math.max(0, digits - 1))}`);
}

/** Deep copy of a JSON value with every sensitive field and pattern masked. */
export function redactValue(value: unknown, key = ''): unknown {
  const sensitive = key !== '' && isSensitiveKey(key);
  if (typeof value === 'string') return sensitive ? mask(value) : redactText(value);
  if (typeof value === 'number') return sensitive ? maskNumber(value) : value;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, key));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, redactValue(item, sensitive ? key : name)]));
  }
  return value;
}

/** A header's value as it may be kept. */
export function redactHeader(name: string, value: string): string {
  if (/^authorization$/i.test(name)) return value.replace(/^(\S+)\s+.*$/, '$1 xxxxxxxx');
  if (SENSITIVE_HEADER.test(name)) return 'xxxxxxxx';
  return redactText(value);
}

/** Path parameters named like a credential or a changed value (`/api/activate/:token`, `/users/change/:property/:value`). */
const SENSITIVE_PARAM = /^(token|value)$/i;

/**
 * A request path as it may be kept: segments of sensitive parameters masked, and any segment that
 * looks personal. `pattern` is the matched registry path (`/api/activate/:token`), when known.
 */
export function redactPath(pathname: string, pattern?: string): string {
  const names = pattern?.split('/') ?? [];
  return pathname
    .split('/')
    .map((segment, index) => {
      const name = names[index]?.startsWith(':') ? names[index]!.slice(1) : undefined;
      if (name && SENSITIVE_PARAM.test(name)) return mask(decodeURIComponentSafe(segment));
      return encodeURIComponentKeep(redactText(decodeURIComponentSafe(segment)), segment);
    })
    .join('/');
}

/** A query string's pairs as they may be kept. */
export function redactQuery(search: URLSearchParams): URLSearchParams {
  const kept = new URLSearchParams();
  for (const [name, value] of search) kept.append(name, isSensitiveKey(name) ? mask(value) : redactText(value));
  return kept;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Re-encodes a segment only when redaction changed it (an unchanged one keeps its exact spelling). */
function encodeURIComponentKeep(redacted: string, original: string): string {
  return redacted === decodeURIComponentSafe(original) ? original : encodeURIComponent(redacted);
}
