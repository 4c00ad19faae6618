import { describe, expect, it } from 'vitest';
import { validateNewPassword, validateResetEmail } from './reset-password-rules';

describe('reset password rules (spec document 1 §5 Reset password)', () => {
  it("asks for a standard e-mail ('Ingrese un e-mail valido.')", () => {
    expect(validateResetEmail({ email: 'ana@' }).email?.key).toBe('ingreseEmailValidoReset');
    expect(validateResetEmail({ email: '' }).email?.key).toBe('ingreseEmailValidoReset');
    expect(validateResetEmail({ email: 'ana@example.com' })).toEqual({});
  });

  it("needs the new password twice, equal ('No coicide los campos')", () => {
    expect(validateNewPassword({ password: 'secreta123', passwordConfirmation: 'secreta124' }).passwordConfirmation?.key).toBe('noCoincidenCampos');
    expect(validateNewPassword({ password: 'corta', passwordConfirmation: 'corta' }).password?.key).toBe('contraCorta');
    expect(validateNewPassword({ password: 'secreta123', passwordConfirmation: '' }).passwordConfirmation?.key).toBe('olvidoConfirmarContra');
    expect(validateNewPassword({ password: 'secreta123', passwordConfirmation: 'secreta123' })).toEqual({});
  });
});
