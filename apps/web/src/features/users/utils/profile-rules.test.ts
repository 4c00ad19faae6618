import { FULL_NAME_MAX, LENGTHS, ProfileUpdateBodySchema } from '@carpool/contracts';
import { describe, expect, it } from 'vitest';
import { makeNewUser, makeUser } from '@/testing/user-fixtures';
import { isNameLocked, profileValuesOf, toProfileBody, validateProfile, type ProfileContext, type ProfileValues } from './profile-rules';

const context: ProfileContext = { nameLocked: false, driverModule: true, verifiedDriver: false, hasPhoto: true };
const valid: ProfileValues = { ...profileValuesOf(makeUser()), name: 'Ana Pérez' };
const keyOf = (values: Partial<ProfileValues>, field: keyof ProfileValues | 'photo', ctx: Partial<ProfileContext> = {}) =>
  validateProfile({ ...valid, ...values }, { ...context, ...ctx })[field]?.key;

describe('validateProfile (spec document 1 §5 Profile)', () => {
  it('accepts a complete profile', () => {
    expect(validateProfile(valid, context)).toEqual({});
  });

  it('needs a photo: a save without one says the profile image is required', () => {
    expect(keyOf({}, 'photo', { hasPhoto: false })).toBe('imagenObligatoria');
  });

  it("name: required, at most registration's joined first and last name (25 + space + 25), not checked once locked", () => {
    expect(keyOf({ name: ' ' }, 'name')).toBe('olvidoNombre');
    expect(FULL_NAME_MAX).toBe(LENGTHS.userName * 2 + 1);
    expect(keyOf({ name: `${'M'.repeat(LENGTHS.userName)} ${'R'.repeat(LENGTHS.userName)}` }, 'name')).toBeUndefined();
    expect(keyOf({ name: 'x'.repeat(FULL_NAME_MAX + 1) }, 'name')).toBe('maxCaracteres');
    expect(keyOf({ name: 'x'.repeat(FULL_NAME_MAX + 10) }, 'name', { nameLocked: true })).toBeUndefined();
  });

  it('the name is locked after the first time (once a description was saved, as the server does)', () => {
    expect(isNameLocked(makeNewUser())).toBe(false);
    expect(isNameLocked(makeUser())).toBe(true);
  });

  it('description: required, at least 10 characters without spaces, at most 2000', () => {
    expect(keyOf({ description: '   ' }, 'description')).toBe('campoObligatorio');
    expect(keyOf({ description: 'a b c d e f g h i' }, 'description')).toBe('descripcionCorta');
    expect(keyOf({ description: 'abcdefghij' }, 'description')).toBeUndefined();
    expect(keyOf({ description: 'x'.repeat(LENGTHS.userDescription + 1) }, 'description')).toBe('maxCaracteres');
  });

  it('document: required, digits only, 7 to 8 digits', () => {
    expect(keyOf({ nroDoc: '' }, 'nroDoc')).toBe('campoObligatorio');
    expect(keyOf({ nroDoc: '30.123.456' }, 'nroDoc')).toBe('soloNumeros');
    expect(keyOf({ nroDoc: '123456' }, 'nroDoc')).toBe('documentoInvalido');
    expect(keyOf({ nroDoc: '123456789' }, 'nroDoc')).toBe('documentoInvalido');
    expect(keyOf({ nroDoc: '1234567' }, 'nroDoc')).toBeUndefined();
    expect(keyOf({ nroDoc: '12345678' }, 'nroDoc')).toBeUndefined();
  });

  it('phone: required, digits only, at least 7 and at most 20', () => {
    expect(keyOf({ phone: '' }, 'phone')).toBe('campoObligatorio');
    expect(keyOf({ phone: '11-4444' }, 'phone')).toBe('soloNumeros');
    expect(keyOf({ phone: '123456' }, 'phone')).toBe('telefonoCorto');
    expect(keyOf({ phone: '1'.repeat(LENGTHS.phoneMax + 1) }, 'phone')).toBe('maxCaracteres');
    expect(keyOf({ phone: '1234567' }, 'phone')).toBeUndefined();
  });

  it('plate: at most 20', () => {
    expect(keyOf({ patente: 'x'.repeat(LENGTHS.patente + 1) }, 'patente')).toBe('patenteLarga');
    expect(keyOf({ patente: 'AB123CD' }, 'patente')).toBeUndefined();
  });

  it("password change: optional, at least 8, equal to its confirmation ('passwordNoCoincide')", () => {
    expect(keyOf({ password: '', passwordConfirmation: '' }, 'password')).toBeUndefined();
    expect(keyOf({ password: 'secreta123', passwordConfirmation: 'secreta124' }, 'passwordConfirmation')).toBe('passwordNoCoincide');
    expect(keyOf({ password: '', passwordConfirmation: 'secreta124' }, 'password')).toBe('olvidoContrasena');
    expect(keyOf({ password: 'corta', passwordConfirmation: 'corta' }, 'password')).toBe('contraCorta');
    expect(keyOf({ password: 'x'.repeat(LENGTHS.password + 1), passwordConfirmation: 'x'.repeat(LENGTHS.password + 1) }, 'password')).toBe(
      'maxCaracteres',
    );
  });

  it('a driver request (or a verified driver) with the module on needs the bank data; a request needs documents', () => {
    const request = validateProfile({ ...valid, driver: true }, context);
    expect(request.accountBank?.key).toBe('campoObligatorio');
    expect(request.accountType?.key).toBe('campoObligatorio');
    expect(request.accountNumber?.key).toBe('campoObligatorio');
    expect(request.docs?.key).toBe('campoObligatorio');
    const verified = validateProfile(valid, { ...context, verifiedDriver: true });
    expect(verified.accountBank?.key).toBe('campoObligatorio');
    expect(verified.docs).toBeUndefined();
    expect(validateProfile({ ...valid, driver: true }, { ...context, driverModule: false })).toEqual({});
    expect(validateProfile({ ...valid, driver: true, storedDocs: ['dni.pdf'], accountBank: '011', accountType: 'cc', accountNumber: '1' }, context)).toEqual({});
  });
});

describe('toProfileBody', () => {
  it('sends the name only while it may change, the rest as the contract reads it', () => {
    const body = toProfileBody({ ...valid, messagesLimit: '3', password: 'secreta123', passwordConfirmation: 'secreta123' }, context, []);
    expect(body).toMatchObject({
      name: 'Ana Pérez',
      description: valid.description,
      nro_doc: '30123456',
      mobile_phone: '1144445555',
      data_visibility: '0',
      emails_notifications: true,
      unaswered_messages_limit: 3,
      password: 'secreta123',
      password_confirmation: 'secreta123',
    });
    expect(body).not.toHaveProperty('driver_data_docs');
    expect(ProfileUpdateBodySchema.safeParse(body).success).toBe(true);
    expect(toProfileBody(valid, { ...context, nameLocked: true }, [])).not.toHaveProperty('name');
  });

  it('sends the documents when they changed: kept names plus new files', () => {
    const pdf = new File(['%PDF'], 'cedula.pdf', { type: 'application/pdf' });
    const body = toProfileBody({ ...valid, driver: true, storedDocs: ['dni.pdf'], docs: [pdf] }, context, ['dni.pdf', 'viejo.pdf']);
    expect(body).toMatchObject({ user_be_driver: true, driver_data_docs: ['dni.pdf', pdf] });
  });
});
