import type { z } from 'zod';

/**
 * A shorter path through the contract's zod schemas for query strings and path parameters (issue 15).
 *
 * Zod walks a tree of schema objects for every field: a coordinate of the search query is an
 * optional around three pipes, a union and a transform, each allocating its own result. Measured in
 * the search bench, that walk was 5 µs a search with warm caches and 25–29 µs once other work had
 * pushed the schemas out of the processor's caches (as an HTTP server's other work does between
 * two searches): a fifth of a search.
 *
 * `quickParser` compiles a `z.object` of such fields once into plain functions that give exactly
 * zod's output for the inputs they are sure of, and say "unsure" for anything else (a kind of schema,
 * check or input they do not know, an invalid value, a transform that reports an issue). Zod then
 * parses that input as before, so errors, their order and their messages always come from zod; the
 * contract stays the only place where fields and limits are written. The test
 * (quick-parse.test.ts) compares both on every query and params schema of the contract.
 */

/** The input was not understood, or is invalid: zod decides (and words the errors). */
const UNSURE: unique symbol = Symbol('unsure');
type Quick = (value: unknown) => unknown;

// Zod's own description of a schema (`schema._zod.def`, zod/v4/core): what the compiler reads.
type Def = {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  innerType?: ZodLike;
  in?: ZodLike;
  out?: ZodLike;
  options?: ZodLike[];
  entries?: Record<string, unknown>;
  values?: unknown[];
  transform?: (value: unknown, payload: unknown) => unknown;
  defaultValue?: unknown;
  shape?: Record<string, ZodLike>;
  catchall?: unknown;
  coerce?: boolean;
  inclusive?: boolean;
  discriminator?: string;
};
type CheckDef = { check: string; format?: string; pattern?: RegExp; maximum?: number; minimum?: number; value?: number; inclusive?: boolean; when?: (payload: { value: unknown; issues: unknown[] }) => boolean };
type ZodLike = { _zod: { def: Def; optin?: string } };

const defOf = (schema: ZodLike): Def => schema._zod.def;

type Payload = { value: unknown; issues: unknown[]; addIssue: (this: Payload, issue: unknown) => void };
const payload: Payload = {
  value: undefined,
  issues: [],
  addIssue(issue: unknown) {
    this.issues.push(issue);
  },
};

/**
 * A check as a test of a value already of the right type, or null when it is not one this knows. A
 * check with a condition (`when`, e.g. a length check runs on values that have a length) is skipped
 * when its condition says so, as zod does for a value without issues.
 */
function compileCheck(check: CheckDef): ((value: never) => boolean) | null {
  const test = checkTest(check);
  const when = check.when;
  if (!test || when === undefined) return test;
  if (typeof when !== 'function') return null;
  return (value: never) => !when({ value, issues: [] }) || test(value);
}

function checkTest(check: CheckDef): ((value: never) => boolean) | null {
  switch (check.check) {
    case 'string_format': {
      const pattern = check.pattern;
      if (check.format !== 'regex' || !pattern || pattern.global || pattern.sticky) return null;
      return (value: string) => pattern.test(value);
    }
    case 'max_length':
      return (value: string) => value.length <= check.maximum!;
    case 'min_length':
      return (value: string) => value.length >= check.minimum!;
    case 'greater_than':
      return check.inclusive ? (value: number) => value >= check.value! : (value: number) => value > check.value!;
    case 'less_than':
      return check.inclusive ? (value: number) => value <= check.value! : (value: number) => value < check.value!;
    case 'number_format':
      return check.format === 'safeint' ? (value: number) => Number.isSafeInteger(value) : null;
    default:
      return null;
  }
}

/** Every check of a schema as one test, or null if one of them is unknown. */
function compileChecks(def: Def): ((value: never) => boolean) | null {
  const tests = (def.checks ?? []).map((check) => compileCheck(check._zod.def));
  if (tests.some((test) => test === null)) return null;
  const all = tests as ((value: never) => boolean)[];
  return (value: never) => {
    for (const test of all) if (!test(value)) return false;
    return true;
  };
}

/** A schema as a function giving zod's output or UNSURE, or null for a kind of schema this does not know. */
function compile(schema: ZodLike): Quick | null {
  const def = defOf(schema);
  if (def.coerce) return null;
  const checks = compileChecks(def);
  if (!checks) return null;
  const hasChecks = (def.checks ?? []).length > 0;
  switch (def.type) {
    case 'string':
      return (value) => (typeof value === 'string' && checks(value as never) ? value : UNSURE);
    case 'number':
      return (value) => (typeof value === 'number' && Number.isFinite(value) && checks(value as never) ? value : UNSURE);
    case 'boolean':
      return hasChecks ? null : (value) => (typeof value === 'boolean' ? value : UNSURE);
    case 'enum': {
      if (hasChecks) return null;
      const values = new Set(Object.values(def.entries ?? {}));
      return (value) => (values.has(value) ? value : UNSURE);
    }
    case 'literal': {
      if (hasChecks) return null;
      const values = def.values ?? [];
      return (value) => (values.includes(value) ? value : UNSURE);
    }
    case 'optional': {
      const inner = def.innerType && defOf(def.innerType).type !== 'default' ? compile(def.innerType) : null;
      if (hasChecks || !inner) return null;
      return (value) => (value === undefined ? undefined : inner(value));
    }
    case 'pipe': {
      const [first, then] = [def.in && compile(def.in), def.out && compile(def.out)];
      if (hasChecks || !first || !then) return null;
      return (value) => {
        const middle = first(value);
        return middle === UNSURE ? UNSURE : then(middle);
      };
    }
    case 'transform': {
      const transform = def.transform;
      if (hasChecks || !transform) return null;
      return (value) => {
        // What zod passes a transform: the value, and its payload to report issues on (one payload
        // for every call: nothing here runs while a transform runs, and its issues are read at once).
        payload.value = value;
        payload.issues.length = 0;
        try {
          const output = transform(value, payload);
          return output instanceof Promise || payload.issues.length > 0 ? UNSURE : output;
        } catch {
          return UNSURE;
        }
      };
    }
    case 'union': {
      // Zod answers with the first option that accepts. An option that is only unsure is not known to
      // refuse, so a later option's answer could be the wrong one: only the first option is tried.
      // (The contract's query helpers put the string option first: what a server receives.)
      // An exclusive union (z.xor: exactly one option) and a discriminated one are left to zod.
      if (def.inclusive === false || def.discriminator !== undefined) return null;
      const first = def.options?.[0] && compile(def.options[0]);
      if (hasChecks || !first) return null;
      return first;
    }
    default:
      return null;
  }
}

type Field = { key: string; quick: Quick | null; optional: boolean; defaulted: { value: () => unknown } | null };

/**
 * A `z.object` schema (unknown keys stripped, no checks of its own) as a function giving zod's
 * parsed value for the inputs it is sure of, or null for anything else; null for other schemas.
 */
export function quickParser(schema: z.ZodType): ((input: unknown) => { value: Record<string, unknown> } | null) | null {
  const def = (schema as unknown as Partial<ZodLike> | undefined)?._zod?.def;
  if (!def || def.type !== 'object' || !def.shape || def.catchall !== undefined || (def.checks ?? []).length > 0) return null;
  const fields: Field[] = Object.entries(def.shape).map(([key, field]) => {
    const fieldDef = defOf(field);
    const defaulted = fieldDef.type === 'default' ? { value: () => defOf(field).defaultValue } : null;
    return {
      key,
      quick: compile(defaulted ? fieldDef.innerType! : field),
      optional: field._zod.optin === 'optional' && !defaulted,
      defaulted,
    };
  });
  const positions = new Map(fields.map((field, at) => [field.key, at]));
  // The fields that matter when absent: a default to give, or an error (zod's to word).
  const notOptional = fields.flatMap((field, at) => (field.optional ? [] : [at]));
  return (input) => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) return null;
    const source = input as Record<string, unknown>;
    // The input's keys are read (a query has a few), not every key of the shape: a lookup of an
    // absent key by name costs about as much as parsing a present one.
    const present: number[] = [];
    for (const key in source) {
      const at = positions.get(key);
      if (at !== undefined) present.push(at);
    }
    for (const at of notOptional) if (!present.includes(at)) present.push(at);
    // Zod's output has the shape's order. An insertion sort of the few positions in place:
    // Array.prototype.sort allocated a work copy each time (3 % of a search's allocations at 100k
    // trips, in a sampling heap profile of the varied mix).
    for (let i = 1; i < present.length; i++) {
      const at = present[i]!;
      let j = i - 1;
      for (; j >= 0 && present[j]! > at; j--) present[j + 1] = present[j]!;
      present[j + 1] = at;
    }
    const value: Record<string, unknown> = {};
    for (const at of present) {
      const field = fields[at]!;
      const raw = source[field.key];
      if (raw === undefined) {
        // A key given as undefined is kept by zod (as undefined): never the case of a parsed query.
        if (field.key in source || !field.defaulted) return null;
        value[field.key] = field.defaulted.value();
        continue;
      }
      if (!field.quick) return null;
      const parsed = field.quick(raw);
      if (parsed === UNSURE) return null;
      value[field.key] = parsed;
    }
    return { value };
  };
}
