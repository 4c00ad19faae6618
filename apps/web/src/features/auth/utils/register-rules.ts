import { LENGTHS, type RegistrationBody } from '@carpool/contracts';
import {
  documentsRule,
  isBlank,
  isEmail,
  message,
  passwordRule,
  tooLong,
  type RuleErrors,
  type RuleMessage,
} from '@/lib/account-rules';
import { isBirthdayInRange, parseMaskedDate } from '@/lib/masks';

export type RegisterValues = {
  email: string;
  emailConfirmation: string;
  password: string;
  passwordConfirmation: string;
  firstName: string;
  lastName: string;
  /** As typed, masked DD/MM/YYYY. */
  birthday: string;
  terms: boolean;
  /** The driver request (module_validated_drivers). */
  driver: boolean;
  docs: File[];
  accountBank: string | null;
  accountType: string | null;
  accountNumber: string;
};

export type RegisterField = keyof RegisterValues;

export const EMPTY_REGISTER_VALUES: RegisterValues = {
  email: '',
  emailConfirmation: '',
  password: '',
  passwordConfirmation: '',
  firstName: '',
  lastName: '',
  birthday: '',
  terms: false,
  driver: false,
  docs: [],
  accountBank: null,
  accountType: null,
  accountNumber: '',
};

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function emailRule(value: string): RuleMessage | null {
  if (isBlank(value)) return message('olvidoEmail');
  if (!isEmail(value)) return message('ingreseEmailValido');
  return tooLong(value.trim(), LENGTHS.email);
}

function birthdayRule(value: string): RuleMessage | null {
  if (isBlank(value)) return null;
  const iso = parseMaskedDate(value);
  if (!iso) return message('fechaInvalida');
  return isBirthdayInRange(iso) ? null : message('fechaFueraDeRango');
}

/**
 * Spec document 1 §5 Register, one message per rule: e-mail and its confirmation, password and its
 * confirmation, first and last name with their maximum lengths, birthday 1900-01-01..today, and with
 * the driver module on and the request checked, the documents and the bank data (campoObligatorio).
 */
export function validateRegister(values: RegisterValues, { driverModule }: { driverModule: boolean }): RuleErrors<RegisterField> {
  const errors: RuleErrors<RegisterField> = {};
  const set = (field: RegisterField, rule: RuleMessage | null) => {
    if (rule) errors[field] = rule;
  };

  set('email', emailRule(values.email));
  set(
    'emailConfirmation',
    emailRule(values.emailConfirmation) ?? (sameEmail(values.email, values.emailConfirmation) ? null : message('emailsNoCoinciden')),
  );
  set('password', passwordRule(values.password));
  if (!values.passwordConfirmation) set('passwordConfirmation', message('olvidoConfirmarContra'));
  else if (values.passwordConfirmation !== values.password) set('passwordConfirmation', message('contraNoCoinciden'));
  else set('passwordConfirmation', tooLong(values.passwordConfirmation, LENGTHS.password));
  set('firstName', isBlank(values.firstName) ? message('olvidoNombre') : tooLong(values.firstName.trim(), LENGTHS.userName));
  set('lastName', isBlank(values.lastName) ? message('olvidoApellido') : tooLong(values.lastName.trim(), LENGTHS.userName));
  set('birthday', birthdayRule(values.birthday));

  if (driverModule && values.driver) {
    set('docs', values.docs.length === 0 ? message('campoObligatorio') : documentsRule(values.docs));
    set('accountBank', values.accountBank ? null : message('campoObligatorio'));
    set('accountType', values.accountType ? null : message('campoObligatorio'));
    set('accountNumber', isBlank(values.accountNumber) ? message('campoObligatorio') : tooLong(values.accountNumber.trim(), LENGTHS.bankField));
  }
  return errors;
}

/** The multipart body of POST /api/users: first and last name joined as `name`, the birthday as YYYY-MM-DD. */
export function toRegistrationBody(values: RegisterValues, { driverModule, token }: { driverModule: boolean; token: string }): RegistrationBody {
  const driver = driverModule && values.driver;
  return {
    email: values.email.trim().toLowerCase(),
    password: values.password,
    password_confirmation: values.passwordConfirmation,
    name: `${values.firstName.trim()} ${values.lastName.trim()}`,
    terms_and_conditions: values.terms,
    birthday: parseMaskedDate(values.birthday) ?? undefined,
    token,
    ...(driver
      ? {
          user_be_driver: true,
          driver_data_docs: values.docs,
          account_bank: values.accountBank ?? undefined,
          account_type: values.accountType ?? undefined,
          account_number: values.accountNumber.trim(),
        }
      : {}),
  };
}
