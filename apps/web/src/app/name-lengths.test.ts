import { LENGTHS, ProfileUpdateBodySchema, RegistrationBodySchema } from '@carpool/contracts';
import { describe, expect, it } from 'vitest';
import { EMPTY_REGISTER_VALUES, toRegistrationBody, validateRegister } from '@/features/auth/utils/register-rules';
import { profileValuesOf, validateProfile } from '@/features/users/utils/profile-rules';
import { makeNewUser } from '@/testing/user-fixtures';

/** Issue 41.8, docs/decisions/name-lengths.md: the register form and the profile form agree on the name. */
describe('names that fit both forms', () => {
  it('the longest name the register form takes (25 + 25, joined) passes the profile form and both contracts', () => {
    const values = {
      ...EMPTY_REGISTER_VALUES,
      email: 'ana@example.com',
      emailConfirmation: 'ana@example.com',
      password: 'secreta123',
      passwordConfirmation: 'secreta123',
      firstName: 'M'.repeat(LENGTHS.userName),
      lastName: 'R'.repeat(LENGTHS.userName),
      birthday: '25/05/1990',
      terms: true,
    };
    expect(validateRegister(values, { driverModule: false })).toEqual({});
    const body = toRegistrationBody(values, { driverModule: false, token: 'abc' });
    expect(RegistrationBodySchema.safeParse(body).success).toBe(true);
    expect(ProfileUpdateBodySchema.safeParse({ name: body.name }).success).toBe(true);
    const profile = { ...profileValuesOf(makeNewUser({ name: body.name })), description: 'Viajo a Córdoba todos los meses.', nroDoc: '30123456', phone: '1144445555' };
    expect(validateProfile(profile, { nameLocked: false, driverModule: false, verifiedDriver: false, hasPhoto: true }).name).toBeUndefined();
  });
});
