import { z } from 'zod';
import { CarSchema } from './cars';
import {
  DateStringSchema,
  DateTimeStringSchema,
  FlagSchema,
  IdSchema,
  bodyBool,
  dataOf,
  pathId,
  queryBool,
  queryInt,
} from './common';
import { FULL_NAME_MAX, LENGTHS, SEARCH, UPLOADS } from './constants';
import { todayInArgentina } from './dates';
import { defineEndpoint } from './endpoint';
import { ErrorBodySchema } from './errors';
import { pagedWhenAsked, pageWhenAskedQuery } from './pagination';
import { ReferenceSchema } from './ratings';
import { TripSchema } from './trips';
import { UploadedDocumentSchema, formOptional, multipartList } from './uploads';

/**
 * Friendship of the viewer with a listed user (the friend search): 'none', or 'request' while a
 * request waits either way, as the provider names it (UserRepository::index); 'pending' and
 * 'friend' are accepted from older answers.
 */
export const FriendStateSchema = z.enum(['none', 'request', 'pending', 'friend']);
export type FriendState = z.infer<typeof FriendStateSchema>;

/** The viewer's friendship with the profile shown, in GET /api/users/:id of someone else (FriendsManager::getFriendshipState). */
export const FriendshipStateSchema = z.enum(['friend', 'pending_sent', 'pending_received', 'none']);
export type FriendshipState = z.infer<typeof FriendshipStateSchema>;

/**
 * Dates of the raw rows nested in a profile (donations, references_data): the provider sends its
 * models as they are, so ISO-8601 (`2026-11-22T12:00:00.000000Z`); the mock writes 'YYYY-MM-DD HH:mm:ss'.
 */
const RowDateSchema = z.union([DateTimeStringSchema, z.iso.datetime({ offset: true })]);

/** Who sees the driver data (document, phone, plate): '0' trip partners only, '1' everyone. */
export const DataVisibilitySchema = z.union([z.enum(['0', '1']), z.literal(0), z.literal(1)]);

/** A donation or a refusal to donate, optionally tied to the trip whose rating prompted it. */
export const DonationRecordSchema = z
  .object({
    id: IdSchema.optional(),
    user_id: IdSchema.optional(),
    has_donated: FlagSchema,
    has_denied: FlagSchema,
    /** Amount in ARS (sic: the wire spells it ammount). */
    ammount: z.number().nonnegative(),
    trip_id: IdSchema.nullable(),
    created_at: RowDateSchema.optional(),
  })
  .loose();
export type DonationRecord = z.infer<typeof DonationRecordSchema>;

/**
 * A user profile (spec document 1 §3; provider ProfileTransformer). Fields the viewer may not see
 * are left out: e-mail, birthday, bank data, driver documents, donations and alert flags go to the
 * user and admins only; document number, phone and cars (plates) also to confirmed trip partners
 * (the driver and the passengers in state 1 or 4 of a common trip) or to everyone when
 * data_visibility is '1'; private_note and banned to admins only. The friend search shows the
 * friendship `state`; another user's profile its `friendship_state`.
 */
export const UserSchema = z
  .object({
    id: IdSchema,
    name: z.string(),
    email: z.string().optional(),
    /** File name under /image/profile/. */
    image: z.string().nullable(),
    description: z.string().nullable(),
    birthday: DateStringSchema.nullable().optional(),
    nro_doc: z.string().nullable().optional(),
    mobile_phone: z.string().nullable().optional(),
    /** Null in the provider for an account created in the same request. */
    data_visibility: DataVisibilitySchema.nullable().optional(),
    emails_notifications: FlagSchema.optional(),
    /** Pending requests plus unanswered chats a trip may have before new requests are refused; 0 = no limit. */
    unaswered_messages_limit: z.number().int().nonnegative().optional(),
    driver_is_verified: FlagSchema,
    /** Stored document images (file names). */
    driver_data_docs: z.array(z.string()).nullable().optional(),
    account_type: z.string().nullable().optional(),
    account_bank: z.string().nullable().optional(),
    account_number: z.string().nullable().optional(),
    cars: z.array(CarSchema).optional(),
    active: FlagSchema,
    /** Admin viewers only (ProfileTransformer): nobody else learns who is banned. */
    banned: FlagSchema.optional(),
    /** Admins only. */
    private_note: z.string().nullable().optional(),
    is_admin: FlagSchema.optional(),
    has_pin: FlagSchema,
    is_member: FlagSchema,
    /** '' for a user who never connected, as the provider writes it (null from older answers). */
    last_connection: z.union([DateTimeStringSchema, z.literal('')]).nullable(),
    positive_ratings: z.number().int().nonnegative(),
    negative_ratings: z.number().int().nonnegative(),
    /** Nullable columns in the provider: null until the user's first conversation. */
    conversation_answered_count: z.number().int().nonnegative().nullable().optional(),
    conversation_opened_count: z.number().int().nonnegative().nullable().optional(),
    /** Reply delays summed over answered conversations (for the reply-time buckets). */
    answer_delay_sum: z.number().nonnegative().nullable().optional(),
    /** Friendship with the viewer, in the friend search (GET /api/users/list). */
    state: FriendStateSchema.optional(),
    /** Friendship with the viewer, on another user's profile (GET /api/users/:id). */
    friendship_state: FriendshipStateSchema.optional(),
    /** How many references the user received. */
    references: z.number().int().nonnegative().optional(),
    monthly_donate: FlagSchema,
    donations: z.array(DonationRecordSchema).optional(),
    do_not_alert_pending_rates: FlagSchema.optional(),
    do_not_alert_pricing: FlagSchema.optional(),
    do_not_alert_request_seat: FlagSchema.optional(),
    do_not_alert_accept_passenger: FlagSchema.optional(),
    on_boarding_view: FlagSchema.optional(),
    references_data: z.array(ReferenceSchema.extend({ created_at: RowDateSchema.optional() })).optional(),
    autoaccept_requests: FlagSchema.optional(),
  })
  .loose();
export type User = z.infer<typeof UserSchema>;


/** 'YYYY-MM-DD' from 1900-01-01 up to today (Argentina time). */
export const BirthdaySchema = DateStringSchema.refine(
  (day) => day >= SEARCH.minBirthDate && day <= todayInArgentina(),
  { message: `La fecha de nacimiento debe estar entre ${SEARCH.minBirthDate} y hoy` },
);

const bankField = z.string().trim().max(LENGTHS.bankField);
const passwordSchema = z.string().min(LENGTHS.passwordMin).max(LENGTHS.password);
const fullNameSchema = z.string().trim().min(1).max(FULL_NAME_MAX);
const driverDocs = multipartList(UploadedDocumentSchema);

function passwordsMatch(
  body: { password?: string | undefined; password_confirmation?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if (body.password !== undefined && body.password !== body.password_confirmation) {
    ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: 'Las contraseñas no coinciden' });
  }
}

/**
 * POST /api/users (multipart/form-data): registration. Text fields arrive as strings, the driver
 * documents as files (`driver_data_docs[]` on the wire). With module_validated_drivers on and
 * user_be_driver checked, the bank fields are required (the server checks, it knows the config).
 */
export const RegistrationBodySchema = z
  .object({
    email: z.email().max(LENGTHS.email),
    password: passwordSchema,
    password_confirmation: z.string().min(1).max(LENGTHS.password),
    /** First and last name joined by a space (each up to LENGTHS.userName). */
    name: fullNameSchema,
    terms_and_conditions: bodyBool().refine((accepted) => accepted, {
      message: 'Debe aceptar los términos y condiciones',
    }),
    birthday: formOptional(BirthdaySchema),
    account_number: formOptional(bankField),
    account_type: formOptional(bankField),
    account_bank: formOptional(bankField),
    /**
     * Anti-bot token (the provider's captcha answer). The mock has no captcha service: any
     * non-empty string passes, a missing or empty one is refused. Accounts always start
     * inactive and get an e-mailed activation link.
     */
    token: z.string().trim().min(1, 'The token field is required.').max(LENGTHS.antiBotToken),
    user_be_driver: formOptional(bodyBool()),
    driver_data_docs: formOptional(driverDocs),
  })
  .superRefine(passwordsMatch);
export type RegistrationBody = z.input<typeof RegistrationBodySchema>;

const descriptionSchema = z
  .string()
  .max(LENGTHS.userDescription)
  .refine((text) => text.replace(/\s/g, '').length >= LENGTHS.userDescriptionMinNonSpace, {
    message: `La descripción debe tener al menos ${LENGTHS.userDescriptionMinNonSpace} caracteres`,
  });
const nroDocSchema = z
  .string()
  .regex(/^\d+$/, 'Solo números')
  .min(LENGTHS.nroDocMin)
  .max(LENGTHS.nroDocMax);
const phoneSchema = z.string().regex(/^\d+$/, 'Solo números').min(LENGTHS.phoneMin).max(LENGTHS.phoneMax);
const patenteSchema = z
  .string()
  .trim()
  .max(LENGTHS.patente, `La patente no puede tener más de ${LENGTHS.patente} caracteres`);
const dataVisibilityInput = z.union([DataVisibilitySchema, z.boolean()]);
const messagesLimitInput = queryInt().pipe(z.number().int().min(0));

/**
 * PUT /api/users (multipart/form-data): profile update of the current user. Every field is
 * optional (only what is sent changes; an empty field counts as not sent, so required fields
 * cannot be cleared); the profile form itself requires name, description, nro_doc and
 * mobile_phone. The e-mail cannot change (ignored). driver_data_docs mixes new files and the
 * names of documents already stored: when sent, the list replaces the stored one (names not
 * sent are removed).
 */
export const ProfileUpdateBodySchema = z
  .object({
    /** Sent by browsers, which post multipart forms only with POST (see the endpoint). */
    _method: z.literal('PUT').optional(),
    /**
     * The name given at registration may be changed once more, on the profile updates before the
     * profile is first completed (no description saved yet); afterwards a different name is
     * refused (422 errors.name) and the same name is accepted. A changed name is at most
     * FULL_NAME_MAX characters: the registered first and last name (25 each) joined, so the first
     * profile save takes any name the registration took (issue 41.8).
     */
    name: formOptional(fullNameSchema),
    description: formOptional(descriptionSchema),
    birthday: formOptional(BirthdaySchema),
    nro_doc: formOptional(nroDocSchema),
    mobile_phone: formOptional(phoneSchema),
    patente: formOptional(patenteSchema),
    data_visibility: formOptional(dataVisibilityInput),
    emails_notifications: formOptional(bodyBool()),
    unaswered_messages_limit: formOptional(messagesLimitInput),
    password: formOptional(passwordSchema),
    password_confirmation: formOptional(z.string().max(LENGTHS.password)),
    user_be_driver: formOptional(bodyBool()),
    driver_data_docs: formOptional(
      multipartList(z.union([UploadedDocumentSchema, z.string().min(1).max(LENGTHS.fileName)])),
    ),
    account_number: formOptional(bankField),
    account_type: formOptional(bankField),
    account_bank: formOptional(bankField),
  })
  .superRefine(passwordsMatch);
export type ProfileUpdateBody = z.input<typeof ProfileUpdateBodySchema>;

const PHOTO_DATA_URL = new RegExp(
  `^data:(${UPLOADS.imageTypes.map((type) => type.replace('/', '\\/')).join('|')});base64,[A-Za-z0-9+/]+=*$`,
);
/** Base64 grows bytes by 4/3; the data-URL header is short. */
const PHOTO_DATA_URL_MAX = Math.ceil((UPLOADS.maxFileBytes * 4) / 3) + LENGTHS.fileName;

/** PUT /api/users/photo: the new profile photo as a base64 data URL (JSON body), as the provider reads it. */
export const PhotoBodySchema = z.object({
  profile: z
    .string()
    .max(PHOTO_DATA_URL_MAX)
    .regex(PHOTO_DATA_URL, `Imagen en base64 (${UPLOADS.imageTypes.join(', ')})`),
});
export type PhotoBody = z.input<typeof PhotoBodySchema>;

/** PUT /api/users/modify: an admin edits any user (limits of spec document 1 §5, Admin user edit). */
export const AdminUserUpdateBodySchema = z
  .object({
    /** The user to edit. */
    user: z.object({ id: IdSchema }).loose(),
    /** A changed name is at most FULL_NAME_MAX characters, as registration allows (checked by the server). */
    name: fullNameSchema.optional(),
    email: z.email().max(LENGTHS.email).optional(),
    description: z.string().max(LENGTHS.adminDescription).nullable().optional(),
    private_note: z.string().max(LENGTHS.privateNote).nullable().optional(),
    nro_doc: nroDocSchema.nullable().optional(),
    mobile_phone: phoneSchema.nullable().optional(),
    birthday: BirthdaySchema.nullable().optional(),
    /** Plate of the user's car (created when the user has none). */
    patente: patenteSchema.optional(),
    car_description: z.string().max(LENGTHS.carDescription).optional(),
    driver_is_verified: bodyBool().optional(),
    active: bodyBool().optional(),
    banned: bodyBool().optional(),
    account_number: bankField.nullable().optional(),
    account_type: bankField.nullable().optional(),
    account_bank: bankField.nullable().optional(),
    unaswered_messages_limit: z.number().int().min(0).optional(),
    password: passwordSchema.optional(),
    password_confirmation: z.string().max(LENGTHS.password).optional(),
  })
  .superRefine(passwordsMatch);
export type AdminUserUpdateBody = z.input<typeof AdminUserUpdateBodySchema>;

/** GET /api/users/:id accepts a numeric id or 'me'. */
export const UserIdOrMeSchema = z.union([z.literal('me'), pathId()]);

/** Bank and account-type options of the driver module (spec: Bank data). */
export const BankOptionSchema = z.object({ id: z.string(), name: z.string() });
export const BankDataSchema = z.object({
  banks: z.array(BankOptionSchema),
  /** Account types. */
  cc: z.array(BankOptionSchema),
});
export type BankData = z.infer<typeof BankDataSchema>;

/**
 * Properties the single-property switch may change (stored as booleans): the provider's allow-list
 * (UserEditablePropertiesService::getChangeBooleanAllowedProperties) plus the spec's onboarding and
 * monthly-donor calls.
 */
export const UserPropertySchema = z.enum([
  'emails_notifications',
  'autoaccept_requests',
  'do_not_alert_pending_rates',
  'do_not_alert_pricing',
  'do_not_alert_request_seat',
  'do_not_alert_accept_passenger',
  'on_boarding_view',
  'monthly_donate',
]);
export type UserProperty = z.infer<typeof UserPropertySchema>;

/**
 * POST /api/users/donation, for the session's user only (`user` is ignored). Exactly one of
 * has_donated and has_denied is set; a one-time donation is above 0, a monthly one at least 0
 * (and marks the user as a monthly donor); a refusal records 0.
 */
export const DonationBodySchema = z.object({
  has_donated: bodyBool().default(false),
  has_denied: bodyBool().default(false),
  /** Whole ARS. */
  ammount: z.number().int().nonnegative().default(0),
  /** A monthly donation (the client also switches monthly_donate). */
  monthly: bodyBool().default(false),
  trip_id: IdSchema.nullable().optional(),
  /** Sent by older clients; ignored: a donation is always the session user's. */
  user: IdSchema.optional(),
});
export type DonationBody = z.input<typeof DonationBodySchema>;

/** GET /api/users/get-trips and get-old-trips. */
export const UserTripsQuerySchema = z.object({
  /** Trips as driver (default) or as passenger. */
  as_driver: queryBool().default(true),
  /** Another user's trips: admins only (others get their own). */
  user_id: queryInt().pipe(IdSchema).optional(),
});

const userAnswer = dataOf(UserSchema);
const userListAnswer = dataOf(z.array(UserSchema));
const userErrors = { 401: ErrorBodySchema, 422: ErrorBodySchema };
const adminErrors = { 401: ErrorBodySchema, 403: ErrorBodySchema, 422: ErrorBodySchema };
const searchText = z.string().trim().max(LENGTHS.searchText);

export const userEndpoints = {
  register: defineEndpoint({
    method: 'POST',
    path: '/api/users',
    summary: 'Register (multipart: account fields and optional driver documents)',
    description:
      'Answers the new user (own view); accounts start inactive (`active` 0) and an activation link ' +
      '(/app/activate/<token>) is e-mailed. An e-mail already taken gives 422 with errors.email ' +
      '["The email has already been taken."]; other rules give Laravel-style field errors; files ' +
      'above the size limit 413; files other than JPEG, PNG, WebP or PDF (checked on their bytes) ' +
      '422 errors["driver_data_docs.N"]. With module_validated_drivers and user_be_driver, the bank ' +
      'fields and at least one document are required. Nothing is stored when anything fails. ' +
      'A POST with the form field _method=PUT is the profile update (users.update), never counted ' +
      'against the registration limit (429 too_many_requests per address or e-mail).',
    auth: 'none',
    body: RegistrationBodySchema,
    multipart: true,
    responses: { 200: userAnswer, 413: ErrorBodySchema, 422: ErrorBodySchema, 429: ErrorBodySchema },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/users',
    summary: 'Update the current profile (multipart)',
    description:
      'Browsers send multipart bodies only by POST (and PHP parses them only on POST), so the client ' +
      'sends POST /api/users with the form field _method=PUT; the server routes such a POST here. ' +
      'A taken nro_doc or mobile_phone gives 422 errors.nro_doc / errors.mobile_phone ["... taken"]. ' +
      'With module_validated_drivers, a driver request (user_be_driver) needs at least one document ' +
      'and the bank data, and a verified driver keeps the bank data. The name is locked once the ' +
      'profile was first completed (see ProfileUpdateBodySchema.name).',
    auth: 'user',
    body: ProfileUpdateBodySchema,
    multipart: true,
    responses: { 200: userAnswer, 401: ErrorBodySchema, 413: ErrorBodySchema, 422: ErrorBodySchema },
  }),
  updatePhoto: defineEndpoint({
    method: 'PUT',
    path: '/api/users/photo',
    summary: 'Replace the profile photo',
    description:
      'The provider reads the photo as a base64 data URL in the JSON field `profile` (not multipart). ' +
      'A body above the size limit answers 413; an unreadable image 422 error_uploading_image.',
    auth: 'user',
    body: PhotoBodySchema,
    responses: { 200: userAnswer, 401: ErrorBodySchema, 413: ErrorBodySchema, 422: ErrorBodySchema },
  }),
  adminUpdate: defineEndpoint({
    method: 'PUT',
    path: '/api/users/modify',
    summary: 'Admin: edit any user (profile, private note, driver status, bank data, active, banned, password)',
    description:
      'A missing user answers 422 user_doesnt_exist; field errors as in the profile (taken e-mail, ' +
      'nro_doc, mobile_phone). A banned user can no longer log in or refresh a token.',
    auth: 'admin',
    body: AdminUserUpdateBodySchema,
    responses: { 200: userAnswer, ...adminErrors },
  }),
  search: defineEndpoint({
    method: 'GET',
    path: '/api/users/search',
    summary: 'Admin: search users by name, e-mail, document, phone or id',
    description:
      'Up to 9 matches, by name (UserRepository::searchUsers; the admin screen shows the first 3, ' +
      'PAGE_SIZES.adminUserSuggestions). A term of digits only matches the id, nro_doc or ' +
      'mobile_phone; any other term the name, e-mail or nro_doc (UserSearchFilter). Answers the admin view.',
    auth: 'admin',
    query: z.object({ name: searchText.min(1) }),
    responses: { 200: userListAnswer, ...adminErrors },
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/users/list',
    summary: 'Users by name (friend search), with the friendship state',
    description:
      'Active, not banned users other than the caller and their friends whose name contains `value` ' +
      '(all of them without it), by name (UserRepository::index). Paged only when page_size is sent; ' +
      'otherwise every match, without meta. Public fields plus `state` (none, or request while a ' +
      'request waits either way).',
    auth: 'user',
    query: pageWhenAskedQuery().extend({ value: searchText.optional() }),
    responses: { 200: pagedWhenAsked(UserSchema), ...userErrors },
  }),
  show: defineEndpoint({
    method: 'GET',
    path: '/api/users/:id',
    summary: "A user's profile ('me' for the current user)",
    description:
      'A missing user (or, for non-admins, one never activated) answers 422 user_doesnt_exist. ' +
      'Private fields follow the rules of UserSchema. Another user\'s profile carries ' +
      '`friendship_state` (friend, pending_sent, pending_received or none: UsersManager::show); ' +
      'every profile the `references` count.',
    auth: 'user',
    params: z.object({ id: UserIdOrMeSchema }),
    responses: { 200: userAnswer, ...userErrors },
  }),
  bankData: defineEndpoint({
    method: 'GET',
    path: '/api/users/bank-data',
    summary: 'Banks and account types for the driver module',
    description:
      'Fixed lists: Argentine banks (id = BCRA entity code) and the account types "Caja de ahorro" ' +
      'and "Cuenta corriente". account_bank and account_type take an id (or a name) of these lists.',
    auth: 'none',
    responses: { 200: BankDataSchema },
  }),
  terms: defineEndpoint({
    method: 'GET',
    path: '/api/users/terms',
    summary: 'Terms and conditions (HTML)',
    description: 'Spanish for every lang (the only language of the product); clients sanitize before rendering.',
    auth: 'none',
    query: z.object({ lang: z.string().regex(/^[a-z_-]+$/i).max(LENGTHS.searchText).optional() }),
    responses: { 200: z.object({ content: z.string() }), 422: ErrorBodySchema },
  }),
  changeProperty: defineEndpoint({
    method: 'POST',
    path: '/api/users/change/:property/:value',
    summary: 'Switch one boolean property of the current user (e-mails, auto-accept, alert flags, onboarding, monthly donor)',
    description:
      'Also the spec\'s "onboarding-viewed call" whose path the spec does not show: ' +
      'POST /api/users/change/on_boarding_view/1, as the provider does. The spec says the answer has ' +
      '`user` or `data`; the provider answers `{ data: user }`. Any other property answers 422 ' +
      'errors.property (nothing else can be switched this way).',
    auth: 'user',
    params: z.object({ property: UserPropertySchema, value: bodyBool() }),
    responses: {
      200: z.union([userAnswer, z.object({ user: UserSchema })]),
      ...userErrors,
    },
  }),
  donation: defineEndpoint({
    method: 'POST',
    path: '/api/users/donation',
    summary: 'Record a donation (one-time or monthly) or a refusal',
    description:
      'The client reads `donation`. Recorded for the session\'s user only: a `user` in the body is ' +
      'ignored (a guest could otherwise flip anyone\'s monthly-donor flag). An unknown trip_id: 422 field error.',
    auth: 'user',
    body: DonationBodySchema,
    responses: { 200: z.object({ donation: DonationRecordSchema }), 401: ErrorBodySchema, 422: ErrorBodySchema },
  }),
  trips: defineEndpoint({
    method: 'GET',
    path: '/api/users/get-trips',
    summary: 'Upcoming trips of the current user as driver or as passenger',
    auth: 'user',
    query: UserTripsQuerySchema,
    responses: { 200: dataOf(z.array(TripSchema)), ...userErrors },
  }),
  oldTrips: defineEndpoint({
    method: 'GET',
    path: '/api/users/get-old-trips',
    summary: 'Past trips of the current user as driver or as passenger',
    description: "Admins see other users' old trips with user_id.",
    auth: 'user',
    query: UserTripsQuerySchema,
    responses: { 200: dataOf(z.array(TripSchema)), ...userErrors },
  }),
};
