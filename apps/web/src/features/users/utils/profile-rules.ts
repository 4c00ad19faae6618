import { FULL_NAME_MAX, LENGTHS, type ProfileUpdateBody, type User } from '@carpool/contracts';
import {
  documentsRule,
  isBlank,
  message,
  nonSpaceLength,
  passwordRule,
  tooLong,
  type RuleErrors,
  type RuleMessage,
} from '@/lib/account-rules';
import { isFlagSet } from '@/lib/trip-display';

export type ProfileValues = {
  name: string;
  description: string;
  nroDoc: string;
  phone: string;
  patente: string;
  dataVisibility: boolean;
  emailsNotifications: boolean;
  /** Optional password change. */
  password: string;
  passwordConfirmation: string;
  /** Optional unanswered-messages limit, digits ('' = none). */
  messagesLimit: string;
  /** The driver verification request (module_validated_drivers). */
  driver: boolean;
  docs: File[];
  storedDocs: string[];
  accountBank: string | null;
  accountType: string | null;
  accountNumber: string;
};

export type ProfileField = keyof ProfileValues | 'photo';

export type ProfileContext = {
  /** The name cannot change once the profile was first completed (the server locks it then). */
  nameLocked: boolean;
  driverModule: boolean;
  verifiedDriver: boolean;
  /** A stored photo or a new one waiting to be uploaded. */
  hasPhoto: boolean;
};

const DIGITS = /^\d+$/;

/** The provider locks the name once a description was saved (the first complete profile). */
export const isNameLocked = (user: Pick<User, 'description'>): boolean => !isBlank(user.description);

export function profileValuesOf(user: User): ProfileValues {
  const storedDocs = user.driver_data_docs ?? [];
  return {
    name: user.name,
    description: user.description ?? '',
    nroDoc: user.nro_doc ?? '',
    phone: user.mobile_phone ?? '',
    patente: user.cars?.[0]?.patente ?? '',
    dataVisibility: String(user.data_visibility ?? '0') === '1',
    emailsNotifications: user.emails_notifications === undefined ? true : isFlagSet(user.emails_notifications),
    password: '',
    passwordConfirmation: '',
    messagesLimit: user.unaswered_messages_limit ? String(user.unaswered_messages_limit) : '',
    // Documents sent without the verification yet: the request is open.
    driver: !isFlagSet(user.driver_is_verified) && storedDocs.length > 0,
    docs: [],
    storedDocs,
    accountBank: user.account_bank ?? null,
    accountType: user.account_type ?? null,
    accountNumber: user.account_number ?? '',
  };
}

const needsBankData = (values: ProfileValues, context: ProfileContext) =>
  context.driverModule && (values.driver || context.verifiedDriver);

/**
 * Spec document 1 §5 Profile: name required (max 25, locked after the first time); description
 * required, at least 10 characters without spaces, max 2000; document digits only, 7 to 8; phone
 * digits only, 7 to 20; plate max 20; password change equal to its confirmation (passwordNoCoincide);
 * bank data for a (future) verified driver; and a photo.
 */
export function validateProfile(values: ProfileValues, context: ProfileContext): RuleErrors<ProfileField> {
  const errors: RuleErrors<ProfileField> = {};
  const set = (field: ProfileField, rule: RuleMessage | null) => {
    if (rule) errors[field] = rule;
  };

  if (!context.hasPhoto) set('photo', message('imagenObligatoria'));
  if (!context.nameLocked) {
    // The stored name is registration's first and last name (25 each) joined: the profile takes what
    // registration made (docs/decisions/name-lengths.md), or the first save of a long name fails.
    set('name', isBlank(values.name) ? message('olvidoNombre') : tooLong(values.name.trim(), FULL_NAME_MAX));
  }

  const description = values.description.trim();
  if (!description) set('description', message('campoObligatorio'));
  else if (nonSpaceLength(description) < LENGTHS.userDescriptionMinNonSpace) {
    set('description', message('descripcionCorta', { min: LENGTHS.userDescriptionMinNonSpace }));
  } else set('description', tooLong(description, LENGTHS.userDescription));

  if (isBlank(values.nroDoc)) set('nroDoc', message('campoObligatorio'));
  else if (!DIGITS.test(values.nroDoc)) set('nroDoc', message('soloNumeros'));
  else if (values.nroDoc.length < LENGTHS.nroDocMin || values.nroDoc.length > LENGTHS.nroDocMax) {
    set('nroDoc', message('documentoInvalido', { min: LENGTHS.nroDocMin, max: LENGTHS.nroDocMax }));
  }

  if (isBlank(values.phone)) set('phone', message('campoObligatorio'));
  else if (!DIGITS.test(values.phone)) set('phone', message('soloNumeros'));
  else if (values.phone.length < LENGTHS.phoneMin) set('phone', message('telefonoCorto', { min: LENGTHS.phoneMin }));
  else set('phone', tooLong(values.phone, LENGTHS.phoneMax));

  if (values.patente.trim().length > LENGTHS.patente) set('patente', message('patenteLarga', { max: LENGTHS.patente }));

  if (values.password || values.passwordConfirmation) {
    set('password', passwordRule(values.password));
    if (values.passwordConfirmation !== values.password) set('passwordConfirmation', message('passwordNoCoincide'));
  }

  if (values.messagesLimit && !DIGITS.test(values.messagesLimit)) set('messagesLimit', message('soloNumeros'));

  if (needsBankData(values, context)) {
    set('accountBank', values.accountBank ? null : message('campoObligatorio'));
    set('accountType', values.accountType ? null : message('campoObligatorio'));
    set('accountNumber', isBlank(values.accountNumber) ? message('campoObligatorio') : tooLong(values.accountNumber.trim(), LENGTHS.bankField));
  }
  if (context.driverModule && values.driver) {
    set('docs', values.docs.length + values.storedDocs.length === 0 ? message('campoObligatorio') : documentsRule(values.docs));
  }
  return errors;
}

/**
 * The multipart body of the profile update. The name goes only while it may still change; the
 * documents only when they changed (the list replaces the stored one: kept names plus new files).
 */
export function toProfileBody(values: ProfileValues, context: ProfileContext, initialDocs: readonly string[]): ProfileUpdateBody {
  const docsChanged = values.docs.length > 0 || values.storedDocs.length !== initialDocs.length;
  const bank = needsBankData(values, context);
  return {
    ...(context.nameLocked ? {} : { name: values.name.trim() }),
    description: values.description.trim(),
    nro_doc: values.nroDoc,
    mobile_phone: values.phone,
    ...(context.driverModule ? { patente: values.patente.trim() } : {}),
    data_visibility: values.dataVisibility ? '1' : '0',
    emails_notifications: values.emailsNotifications,
    ...(values.messagesLimit !== '' ? { unaswered_messages_limit: Number(values.messagesLimit) } : {}),
    ...(values.password ? { password: values.password, password_confirmation: values.passwordConfirmation } : {}),
    ...(context.driverModule && values.driver ? { user_be_driver: true } : {}),
    ...(context.driverModule && docsChanged ? { driver_data_docs: [...values.storedDocs, ...values.docs] } : {}),
    ...(bank
      ? {
          account_bank: values.accountBank ?? undefined,
          account_type: values.accountType ?? undefined,
          account_number: values.accountNumber.trim(),
        }
      : {}),
  };
}
