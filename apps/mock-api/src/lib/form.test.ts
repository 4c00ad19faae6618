import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { normalizeForm, takenMessage, toFieldErrors } from './form';

describe('normalizeForm', () => {
  it('drops the [] of PHP list names, merging with a plain field of the same name', () => {
    expect(normalizeForm({ 'docs[]': 'a', name: 'Ana' })).toEqual({ docs: ['a'], name: 'Ana' });
    expect(normalizeForm({ docs: 'a', 'docs[]': ['b', 'c'] })).toEqual({ docs: ['a', 'b', 'c'] });
    expect(normalizeForm({ toString: 'x', 'constructor[]': 'y' })).toEqual({ toString: 'x', constructor: ['y'] });
  });

  it('reads anything but an object as an empty form', () => {
    expect(normalizeForm(undefined)).toEqual({});
    expect(normalizeForm('email=a')).toEqual({});
    expect(normalizeForm([1, 2])).toEqual({});
  });
});

describe('toFieldErrors', () => {
  const schema = z.object({
    email: z.string().max(5),
    flag: z.union([z.boolean(), z.enum(['1', '0'])]),
    docs: z.array(z.object({ mimetype: z.enum(['application/pdf']), size: z.number() })).optional(),
  });

  it('words a missing field as Laravel does, and a wrong one with the schema message', () => {
    const input = { email: 42 };
    const errors = toFieldErrors(schema.safeParse(input).error!.issues, input);
    expect(errors.flag).toEqual(['The flag field is required.']);
    expect(errors.email).toEqual(['Invalid input: expected string, received number']);
  });

  it('files its errors under the list item, not the descriptor key', () => {
    const input = { email: 'a', flag: true, docs: [{ mimetype: 'application/pdf', size: 1 }, { mimetype: 'text/html', size: 1 }] };
    expect(Object.keys(toFieldErrors(schema.safeParse(input).error!.issues, input))).toEqual(['docs.1']);
  });

  it('says "taken" the way the client checks it', () => {
    expect(takenMessage('mobile_phone')).toBe('The mobile phone has already been taken.');
  });
});
