import { LENGTHS, RegistrationBodySchema } from '@carpool/contracts';
import { describe, expect, it } from 'vitest';
import { EMPTY_REGISTER_VALUES, toRegistrationBody, validateRegister, type RegisterValues } from './register-rules';

const valid: RegisterValues = {
  ...EMPTY_REGISTER_VALUES,
  email: 'ana@example.com',
  emailConfirmation: 'ana@example.com',
  password: 'secreta123',
  passwordConfirmation: 'secreta123',
  firstName: 'Ana',
  lastName: 'Pérez',
  birthday: '25/05/1990',
  terms: true,
};

const keyOf = (values: Partial<RegisterValues>, field: keyof RegisterValues, driverModule = false) =>
  validateRegister({ ...valid, ...values }, { driverModule })[field]?.key;

describe('validateRegister (spec document 1 §5 Register)', () => {
  it('accepts a complete form', () => {
    expect(validateRegister(valid, { driverModule: true })).toEqual({});
  });

  it('e-mail: required (olvidoEmail), valid (ingreseEmailValido), at most 40', () => {
    expect(keyOf({ email: '' }, 'email')).toBe('olvidoEmail');
    expect(keyOf({ email: '   ' }, 'email')).toBe('olvidoEmail');
    expect(keyOf({ email: 'ana@' }, 'email')).toBe('ingreseEmailValido');
    expect(keyOf({ email: 'ana.example.com' }, 'email')).toBe('ingreseEmailValido');
    const long = `${'a'.repeat(LENGTHS.email)}@example.com`;
    expect(validateRegister({ ...valid, email: long, emailConfirmation: long }, { driverModule: false }).email).toEqual({
      key: 'maxCaracteres',
      params: { max: LENGTHS.email },
    });
  });

  it('e-mail confirmation: required, valid and equal (emailsNoCoinciden)', () => {
    expect(keyOf({ emailConfirmation: '' }, 'emailConfirmation')).toBe('olvidoEmail');
    expect(keyOf({ emailConfirmation: 'ana@' }, 'emailConfirmation')).toBe('ingreseEmailValido');
    expect(keyOf({ emailConfirmation: 'otra@example.com' }, 'emailConfirmation')).toBe('emailsNoCoinciden');
    expect(keyOf({ emailConfirmation: ' ANA@example.com ' }, 'emailConfirmation')).toBeUndefined();
  });

  it('password: required (olvidoContrasena), at least 8 (contraCorta), at most 40', () => {
    expect(keyOf({ password: '', passwordConfirmation: '' }, 'password')).toBe('olvidoContrasena');
    expect(validateRegister({ ...valid, password: '1234567', passwordConfirmation: '1234567' }, { driverModule: false }).password).toEqual({
      key: 'contraCorta',
      params: { min: LENGTHS.passwordMin },
    });
    expect(keyOf({ password: '12345678', passwordConfirmation: '12345678' }, 'password')).toBeUndefined();
    const long = 'x'.repeat(LENGTHS.password + 1);
    expect(keyOf({ password: long, passwordConfirmation: long }, 'password')).toBe('maxCaracteres');
  });

  it('password confirmation: required (olvidoConfirmarContra) and equal (contraNoCoinciden)', () => {
    expect(keyOf({ passwordConfirmation: '' }, 'passwordConfirmation')).toBe('olvidoConfirmarContra');
    expect(keyOf({ passwordConfirmation: 'secreta124' }, 'passwordConfirmation')).toBe('contraNoCoinciden');
  });

  it('first name (olvidoNombre) and last name (olvidoApellido) required, each at most 25', () => {
    expect(keyOf({ firstName: ' ' }, 'firstName')).toBe('olvidoNombre');
    expect(keyOf({ lastName: '' }, 'lastName')).toBe('olvidoApellido');
    expect(keyOf({ firstName: 'x'.repeat(LENGTHS.userName + 1) }, 'firstName')).toBe('maxCaracteres');
    expect(keyOf({ lastName: 'x'.repeat(LENGTHS.userName + 1) }, 'lastName')).toBe('maxCaracteres');
    expect(keyOf({ firstName: 'x'.repeat(LENGTHS.userName) }, 'firstName')).toBeUndefined();
  });

  it('birthday: DD/MM/YYYY, a real date from 1900-01-01 to today', () => {
    expect(keyOf({ birthday: '' }, 'birthday')).toBeUndefined();
    expect(keyOf({ birthday: '01/01/1900' }, 'birthday')).toBeUndefined();
    expect(keyOf({ birthday: '31/12/1899' }, 'birthday')).toBe('fechaFueraDeRango');
    expect(keyOf({ birthday: '01/01/2999' }, 'birthday')).toBe('fechaFueraDeRango');
    expect(keyOf({ birthday: '31/02/1990' }, 'birthday')).toBe('fechaInvalida');
    expect(keyOf({ birthday: '12/05' }, 'birthday')).toBe('fechaInvalida');
  });

  it('driver request with module_validated_drivers: documents and bank data required (campoObligatorio)', () => {
    const driver = { ...valid, driver: true };
    const errors = validateRegister(driver, { driverModule: true });
    expect(errors.docs?.key).toBe('campoObligatorio');
    expect(errors.accountBank?.key).toBe('campoObligatorio');
    expect(errors.accountType?.key).toBe('campoObligatorio');
    expect(errors.accountNumber?.key).toBe('campoObligatorio');
    // Without the module, or without the request, nothing is asked.
    expect(validateRegister(driver, { driverModule: false })).toEqual({});
    expect(validateRegister({ ...valid, driver: false }, { driverModule: true })).toEqual({});
  });

  it('driver documents: images or PDF only', () => {
    const exe = new File(['x'], 'virus.exe', { type: 'application/x-msdownload' });
    const pdf = new File(['%PDF'], 'dni.pdf', { type: 'application/pdf' });
    const base = { ...valid, driver: true, accountBank: '011', accountType: 'caja_ahorro', accountNumber: '123' };
    expect(validateRegister({ ...base, docs: [pdf, exe] }, { driverModule: true }).docs?.key).toBe('archivoInvalido');
    expect(validateRegister({ ...base, docs: [pdf] }, { driverModule: true })).toEqual({});
  });
});

describe('toRegistrationBody', () => {
  it('joins first and last name, sends the birthday as YYYY-MM-DD and the anti-bot token; the contract accepts it', () => {
    const body = toRegistrationBody({ ...valid, email: ' Ana@Example.com ' }, { driverModule: true, token: 'abc' });
    expect(body).toEqual({
      email: 'ana@example.com',
      password: 'secreta123',
      password_confirmation: 'secreta123',
      name: 'Ana Pérez',
      terms_and_conditions: true,
      birthday: '1990-05-25',
      token: 'abc',
    });
    expect(RegistrationBodySchema.safeParse(body).success).toBe(true);
  });

  it('adds the driver request only with the module on and the box checked', () => {
    const pdf = new File(['%PDF'], 'dni.pdf', { type: 'application/pdf' });
    const driver = { ...valid, driver: true, docs: [pdf], accountBank: '011', accountType: 'caja_ahorro', accountNumber: ' 123 ' };
    expect(toRegistrationBody(driver, { driverModule: true, token: 't' })).toMatchObject({
      user_be_driver: true,
      driver_data_docs: [pdf],
      account_bank: '011',
      account_type: 'caja_ahorro',
      account_number: '123',
    });
    expect(toRegistrationBody(driver, { driverModule: false, token: 't' })).not.toHaveProperty('user_be_driver');
  });
});
