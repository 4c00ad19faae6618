import { checkAnswer, type Endpoint } from '@carpool/contracts';
import type { z } from 'zod';
import { redactValue } from './redact';

/** Where in an exchange a mismatch was found. */
export type MismatchPlace = 'params' | 'query' | 'body' | 'status' | 'answer';

/** One difference between a call (or its answer) and the registry entry. */
export type Mismatch = {
  place: MismatchPlace;
  /** Field path, list indices written `[]` (`data[].user.name`); `(root)` for the whole value. */
  path: string;
  /** What the contract declares there. */
  expected: string;
  /** What came (a type, a status, the unexpected keys). */
  received: string;
  /** A redacted example of the value received, at most 200 characters. */
  example?: string;
};

/** One call and its answer, as the proxy saw it or a recording holds it. */
export type Exchange = {
  method: string;
  /** Path without the query (`/api/trips/7`). */
  path: string;
  query: Record<string, string | string[]>;
  /** The parsed JSON body, undefined for none; `multipart` when the body is form data (not checked). */
  body: unknown;
  multipart?: boolean;
  status: number;
  /** The parsed JSON answer, the text for a non-JSON answer, undefined for an empty one. */
  answer: unknown;
};

/** The call without its answer (what the proxy checks before it leaves). */
export type CallOnly = Omit<Exchange, 'status' | 'answer'>;

const describe = (value: unknown): string => {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
};

const valueAt = (root: unknown, path: PropertyKey[]): unknown =>
  path.reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key as never] : undefined), root);

/** `['data', 0, 'user', 'name']` → `data[].user.name` (one kind of mismatch whatever the row). */
export function fieldPath(path: PropertyKey[]): string {
  let text = '';
  for (const key of path) {
    if (typeof key === 'number') text += '[]';
    else text += text ? `.${String(key)}` : String(key);
  }
  return text || '(root)';
}

const example = (value: unknown): string | undefined => {
  if (value === undefined) return undefined;
  const text = JSON.stringify(redactValue(value)) ?? String(value);
  return text.length > 200 ? `${text.slice(0, 197)}...` : text;
};

function fromIssues(place: MismatchPlace, issues: z.core.$ZodIssue[], value: unknown): Mismatch[] {
  const found: Mismatch[] = [];
  for (const issue of issues) {
    const received = valueAt(value, issue.path);
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        found.push({ place, path: fieldPath([...issue.path, key]), expected: 'no such field', received: describe(valueAt(received, [key])), example: example(valueAt(received, [key])) });
      }
      continue;
    }
    let expected: string;
    if (issue.code === 'invalid_type') expected = String(issue.expected);
    else if (issue.code === 'invalid_value') expected = `one of ${issue.values.map((item) => JSON.stringify(item)).join(', ')}`;
    else if (issue.code === 'too_small') expected = `${issue.origin} ${issue.inclusive === false ? '>' : '>='} ${String(issue.minimum)}`;
    else if (issue.code === 'too_big') expected = `${issue.origin} ${issue.inclusive === false ? '<' : '<='} ${String(issue.maximum)}`;
    else if (issue.code === 'invalid_format') expected = `${issue.format} format`;
    else expected = issue.message;
    found.push({ place, path: fieldPath(issue.path), expected, received: describe(received), example: example(received) });
  }
  return found;
}

/**
 * Checks one exchange against its registry entry, with the schemas our server validates input
 * with and the check the web client makes on answers (checkAnswer): the call's params, query and
 * body, then its status and answer. An empty list: the exchange matches the contract.
 */
export function checkExchange(endpoint: Endpoint, params: Record<string, string>, exchange: CallOnly & Partial<Pick<Exchange, 'status' | 'answer'>>): Mismatch[] {
  const found: Mismatch[] = [];
  const parts: [MismatchPlace, z.ZodType | undefined, unknown][] = [
    ['params', endpoint.params, params],
    ['query', endpoint.query, exchange.query],
    ['body', endpoint.multipart || exchange.multipart ? undefined : endpoint.body, exchange.body],
  ];
  for (const [place, schema, value] of parts) {
    if (!schema) continue;
    const parsed = schema.safeParse(value);
    if (!parsed.success) found.push(...fromIssues(place, parsed.error.issues, value));
  }
  // A call the provider did not answer: only what was sent is checked.
  if (exchange.status === undefined) return found;
  if (!endpoint.responses[exchange.status]) {
    found.push({
      place: 'status',
      path: '(status)',
      expected: Object.keys(endpoint.responses).join(' | '),
      received: String(exchange.status),
      example: example(exchange.answer),
    });
    return found;
  }
  const result = checkAnswer(endpoint.responses, exchange.status, exchange.answer);
  if (!result.ok) found.push(...fromIssues('answer', result.issues, exchange.answer));
  return found;
}
