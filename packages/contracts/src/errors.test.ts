import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ErrorBodySchema, errorCodeOf, fieldErrorsOf, statusOfErrorCode } from './errors';

describe('provider error bodies', () => {
  it('reads the code whether it comes as a string or a list', () => {
    expect(errorCodeOf({ message: 'Could not update trip.', errors: { error: 'trip_seats_less_than_four' } })).toBe(
      'trip_seats_less_than_four',
    );
    expect(
      errorCodeOf({ message: 'Could not create new request.', errors: { error: ['user_has_reach_request_limit'] } }),
    ).toBe('user_has_reach_request_limit');
  });

  it('has no code for field errors or foreign bodies', () => {
    const taken = { message: 'Could not create new user.', errors: { email: ['The email has already been taken.'] } };
    expect(errorCodeOf(taken)).toBeUndefined();
    expect(errorCodeOf('OK')).toBeUndefined();
    expect(errorCodeOf({ message: 'x' })).toBeUndefined();
  });

  it('collects field errors without the code, as lists', () => {
    const body = {
      message: 'Could not update user.',
      errors: { error: 'x', nro_doc: ['The nro doc has already been taken.'], mobile_phone: 'taken' },
    };
    expect(fieldErrorsOf(body)).toEqual({
      nro_doc: ['The nro doc has already been taken.'],
      mobile_phone: ['taken'],
    });
    expect(fieldErrorsOf({ message: 'x' })).toEqual({});
    expect(fieldErrorsOf(null)).toEqual({});
  });

  it('maps codes to HTTP statuses', () => {
    expect(statusOfErrorCode('invalid_credentials')).toBe(401);
    expect(statusOfErrorCode('forbidden')).toBe(403);
    expect(statusOfErrorCode('trip_not_foound')).toBe(422);
    expect(statusOfErrorCode('file_too_large')).toBe(413);
    for (const status of Object.values(ERROR_CODES)) {
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(600);
    }
  });

  it('validates the body shape', () => {
    expect(ErrorBodySchema.safeParse({ message: 'x', errors: { error: ['a'] } }).success).toBe(true);
    expect(ErrorBodySchema.safeParse({ errors: {} }).success).toBe(false);
  });

  it('reads bodies without zod exactly where ErrorBodySchema accepts them', () => {
    const bodies: unknown[] = [
      { message: 'x', errors: { error: 'a' } },
      { message: 'x', errors: { error: ['a', 'b'], email: ['taken'] } },
      { message: 'x' },
      { message: 'x', errors: { error: 3 } },
      { message: 'x', errors: { email: ['ok', 4] } },
      { message: 'x', errors: ['a'] },
      { message: 'x', errors: null },
      { message: 3, errors: { error: 'a' } },
      { errors: { error: 'a' } },
      'OK',
      null,
    ];
    for (const body of bodies) {
      const parsed = ErrorBodySchema.safeParse(body);
      const code = parsed.success ? parsed.data.errors?.error : undefined;
      expect(errorCodeOf(body)).toBe(Array.isArray(code) ? code[0] : code);
      if (!parsed.success) expect(fieldErrorsOf(body)).toEqual({});
    }
  });
});
