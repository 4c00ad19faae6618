import { LENGTHS } from '@carpool/contracts';
import { isBlank, isEmail, message, passwordRule, tooLong, type RuleErrors } from '@/lib/account-rules';

/** Spec document 1 §5 Reset password: a standard e-mail pattern ('Ingrese un e-mail valido.'). */
export function validateResetEmail({ email }: { email: string }): RuleErrors<'email'> {
  if (isBlank(email) || !isEmail(email)) return { email: message('ingreseEmailValidoReset') };
  const long = tooLong(email.trim(), LENGTHS.email);
  return long ? { email: long } : {};
}

export type NewPasswordValues = { password: string; passwordConfirmation: string };

/** The new password and its confirmation must be equal ('No coicide los campos'). */
export function validateNewPassword(values: NewPasswordValues): RuleErrors<keyof NewPasswordValues> {
  const errors: RuleErrors<keyof NewPasswordValues> = {};
  const password = passwordRule(values.password);
  if (password) errors.password = password;
  if (!values.passwordConfirmation) errors.passwordConfirmation = message('olvidoConfirmarContra');
  else if (values.passwordConfirmation !== values.password) errors.passwordConfirmation = message('noCoincidenCampos');
  return errors;
}
