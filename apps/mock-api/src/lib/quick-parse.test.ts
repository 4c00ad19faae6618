import { describe, expect, it } from 'vitest';
import { endpointList, TripSearchQuerySchema } from '@carpool/contracts';
import type { z } from 'zod';
import { seededRandom } from '../../test/random';
import { quickParser } from './quick-parse';

// The quick path may decline any input (zod then parses it), but what it accepts must be exactly
// what zod gives: compared here on every query and params schema of the contract, with values a
// server receives (strings, repeated keys as arrays) both good and bad.

const VALUES: unknown[] = [
  '', '0', '1', '-1', '2', '7', '20', '21', '200', '201', '1.5', '-0', '007', ' 1', '1 ', '1e5', '0x10', '+1',
  '-90', '90', '-90.0001', '90.0001', '-180', '180', '180.5', '-34.60757', '-58.43709', '-32.9595', '-60.66154',
  '500000', '500000.5', '25000', '9'.repeat(400), '9007199254740991', '9007199254740993', '-9007199254740993',
  'true', 'false', 'TRUE', 'yes', 'AR', 'ARG', 'ar', 'arg', 'A', 'ABCD', 'U1', 'UY',
  '2026-11-27', '2026-13-45', '2026-1-1', '26-11-27', '2026-11-27 10:00:00', '2026-11-27T10:00:00',
  'abc', 'Buenos Aires', 'x'.repeat(40), 'x'.repeat(41), 'x'.repeat(200), 'x'.repeat(201), 'ñandú', '12345678901',
  'driver', 'passenger', 'asc', 'desc', 'pending', 'ready', 'all', 'users', 'trips',
  ['1', '2'], ['true'],
];

type ObjectSchema = z.ZodObject;
const schemas: { name: string; schema: ObjectSchema }[] = endpointList.flatMap((endpoint) => [
  ...(endpoint.query ? [{ name: `${endpoint.id} query`, schema: endpoint.query }] : []),
  ...(endpoint.params ? [{ name: `${endpoint.id} params`, schema: endpoint.params }] : []),
]);

/** A query a server could receive: some of the schema's keys (and now and then another one) with values from VALUES. */
function randomInput(schema: ObjectSchema, next: () => number): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  const keys = Object.keys(schema.shape);
  for (const key of keys) if (next() < 0.35) input[key] = VALUES[Math.floor(next() * VALUES.length)];
  if (next() < 0.1) input.unknown_key = 'x';
  return input;
}

/** For each key, the VALUES zod accepts for it alone: to build inputs that are whole valid queries. */
function validValues(schema: ObjectSchema): Map<string, unknown[]> {
  const found = new Map<string, unknown[]>();
  for (const [key, field] of Object.entries(schema.shape)) {
    found.set(key, VALUES.filter((value) => (field as z.ZodType).safeParse(value).success));
  }
  return found;
}

describe('quickParser', () => {
  it('gives exactly zod’s value whenever it accepts, on every query and params schema of the contract', () => {
    const next = seededRandom(15);
    let [compared, accepted, zodAccepted] = [0, 0, 0];
    for (const { name, schema } of schemas) {
      const quick = quickParser(schema);
      if (!quick) continue;
      const valid = validValues(schema);
      for (let i = 0; i < 400; i++) {
        // Half random (mostly invalid), half made of values zod accepts for their key (mostly valid).
        const built =
          i % 2 === 0
            ? randomInput(schema, next)
            : Object.fromEntries(
                [...valid].flatMap(([key, values]) => (values.length > 0 && next() < 0.5 ? [[key, values[Math.floor(next() * values.length)]]] : [])),
              );
        // A query's keys come in the client's order, not the shape's: every other input reversed.
        const input = i % 4 < 2 ? built : Object.fromEntries(Object.entries(built).reverse());
        const expected = schema.safeParse(input);
        const got = quick(input);
        compared++;
        if (expected.success) zodAccepted++;
        if (got) {
          accepted++;
          expect(expected.success, `${name}: ${JSON.stringify(input)}`).toBe(true);
          expect(got.value, `${name}: ${JSON.stringify(input)}`).toStrictEqual(expected.data);
          // toStrictEqual ignores the order of keys; zod's output has the shape's.
          expect(Object.keys(got.value), `${name}: ${JSON.stringify(input)}`).toEqual(Object.keys(expected.data as object));
        }
      }
    }
    expect(compared).toBeGreaterThan(10_000);
    // Not vacuous: most valid inputs take the quick path.
    expect(accepted).toBeGreaterThan(zodAccepted * 0.8);
  });

  it('takes the searches people make, and declines what zod refuses', () => {
    const quick = quickParser(TripSearchQuerySchema)!;
    const searches = [
      { origin_lat: '-34.60757', origin_lng: '-58.43709', destination_lat: '-32.9595', destination_lng: '-60.66154', date: '2026-11-27', is_passenger: 'false', page: '1', page_size: '20' },
      { origin_lat: '-34.607570001', origin_lng: '-58.43709', origin_radio: '25000', page: '3' },
      { destination_lat: '-31.4135', destination_lng: '-64.18105', destination_radio: '25000', destination_id: '123456', destination_name: 'Córdoba', country: 'ARG' },
    ];
    for (const search of searches) {
      expect(quick(search)).toStrictEqual({ value: TripSearchQuerySchema.parse(search) });
    }
    expect(quick(searches[2])!.value.country).toBe('AR');
    for (const bad of [{ origin_lat: '91' }, { origin_lat: 'abc' }, { page: '0' }, { page_size: '201' }, { date: '2026-1-1' }, { origin_radio: '-1' }, { is_passenger: 'yes' }, { page: ['1', '2'] }]) {
      expect(TripSearchQuerySchema.safeParse(bad).success).toBe(false);
      expect(quick(bad)).toBeNull();
    }
  });

  it('leaves to zod the schemas it does not know', () => {
    expect(quickParser(TripSearchQuerySchema.strict())).toBeNull();
    expect(quickParser(TripSearchQuerySchema.refine(() => true))).toBeNull();
    expect(quickParser(TripSearchQuerySchema.shape.page)).toBeNull();
  });
});
