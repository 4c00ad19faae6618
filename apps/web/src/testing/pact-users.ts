import { MatchersV3 } from '@pact-foundation/pact';
import type { Car, TripUser, User } from '@carpool/contracts';
import { dateTime } from './pact';
import { makeUser } from './user-fixtures';

/** The demo passenger (pasajera@carpool.ar) as she sees herself: GET /api/users/me. */
export const exampleOwnProfile: User = makeUser({
  id: 3,
  name: 'Lucía Fernández',
  email: 'pasajera@carpool.ar',
  image: 'seed-avatar-3.svg',
  description: 'Estudio en Buenos Aires y vuelvo a Rosario casi todos los fines de semana.',
  birthday: '1996-09-03',
  nro_doc: '39876543',
  mobile_phone: '3415551234',
  last_connection: '2026-11-22 09:00:00',
});

/**
 * Her own view by type: the account fields the profile screens read. Driver data (bank account,
 * documents) is left out: it is null or empty for her and the screens read it only for drivers.
 */
export function ownProfileMatcher(user: User = exampleOwnProfile, overrides: Record<string, unknown> = {}) {
  return MatchersV3.like({
    id: user.id,
    name: user.name,
    email: user.email,
    image: user.image,
    description: user.description,
    birthday: user.birthday,
    nro_doc: user.nro_doc,
    mobile_phone: user.mobile_phone,
    data_visibility: MatchersV3.regex(/^[01]$/, String(user.data_visibility ?? '0')),
    emails_notifications: user.emails_notifications,
    unaswered_messages_limit: user.unaswered_messages_limit,
    driver_is_verified: user.driver_is_verified,
    active: user.active,
    is_admin: user.is_admin,
    has_pin: user.has_pin,
    is_member: user.is_member,
    monthly_donate: user.monthly_donate,
    on_boarding_view: user.on_boarding_view,
    last_connection: dateTime(user.last_connection as string),
    positive_ratings: user.positive_ratings,
    negative_ratings: user.negative_ratings,
    ...overrides,
  });
}

/** An admin's view of any user: the public profile plus the e-mail and `banned` (and what `overrides` add, e.g. the private note). */
export function adminViewMatcher(user: User, overrides: Record<string, unknown> = {}) {
  return MatchersV3.like({
    id: user.id,
    name: user.name,
    email: user.email,
    image: user.image,
    description: user.description,
    driver_is_verified: user.driver_is_verified,
    active: user.active,
    banned: user.banned ?? 0,
    has_pin: user.has_pin,
    is_member: user.is_member,
    monthly_donate: user.monthly_donate,
    last_connection: dateTime(user.last_connection as string),
    positive_ratings: user.positive_ratings,
    negative_ratings: user.negative_ratings,
    ...overrides,
  });
}

/** A brand-new account as registration answers it: nothing filled in yet, not active. */
export const exampleNewAccount: User = makeUser({
  id: 41,
  name: 'Valentina Ríos',
  email: 'valentina.rios@correo.com.ar',
  image: null,
  description: null,
  birthday: '1995-06-14',
  nro_doc: null,
  mobile_phone: null,
  account_type: 'caja_ahorro',
  account_bank: '011',
  account_number: '0110599520000001234567',
  driver_data_docs: ['doc-41-dni.pdf'],
  active: 0,
  last_connection: '',
  positive_ratings: 0,
  negative_ratings: 0,
  on_boarding_view: 0,
});

/**
 * What the registration screen reads of the new account; nulls stay nulls until the profile is
 * filled in, and the last connection is '' (never connected, as ProfileTransformer writes it).
 */
export function newAccountMatcher(user: User = exampleNewAccount) {
  return MatchersV3.like({
    id: user.id,
    name: user.name,
    email: user.email,
    image: null,
    description: null,
    birthday: user.birthday,
    account_type: user.account_type,
    account_bank: user.account_bank,
    account_number: user.account_number,
    driver_data_docs: MatchersV3.eachLike('doc-41-dni.pdf', 1),
    driver_is_verified: user.driver_is_verified,
    active: MatchersV3.integer(0),
    has_pin: user.has_pin,
    is_member: user.is_member,
    monthly_donate: user.monthly_donate,
    last_connection: MatchersV3.equal(''),
    positive_ratings: user.positive_ratings,
    negative_ratings: user.negative_ratings,
  });
}

/** Someone the viewer never travelled with, who keeps the driver data private (data_visibility 0). */
export const exampleStranger: User = {
  id: 12,
  name: 'Sofía Etchegaray',
  image: 'sofia.etchegaray.jpg',
  description: 'Trabajo en Córdoba y viajo a Buenos Aires una vez por mes.',
  data_visibility: '0',
  driver_is_verified: 0,
  active: 1,
  has_pin: 0,
  is_member: 0,
  monthly_donate: 0,
  autoaccept_requests: 0,
  last_connection: '2026-11-21 18:30:00',
  positive_ratings: 4,
  negative_ratings: 0,
  state: 'none',
};

/**
 * Every field a stranger may see (spec document 1 §3): e-mail, birthday, document, phone, cars,
 * bank data, documents, alert flags, donations, the private note and `banned` (admins only in
 * ProfileTransformer) must not come.
 */
export const PUBLIC_PROFILE_FIELDS = [
  'id', 'name', 'image', 'description', 'data_visibility', 'driver_is_verified', 'active', 'has_pin',
  'is_member', 'monthly_donate', 'autoaccept_requests', 'last_connection', 'positive_ratings', 'negative_ratings',
  'conversation_answered_count', 'conversation_opened_count', 'answer_delay_sum', 'references', 'references_data',
  'state', 'friendship_state',
] as const;

/**
 * A profile by type whose keys are all public: Pact cannot ask for a key to be absent, but it can
 * require every key of the answer to match a pattern. `overrides` replace fields' matchers (e.g. an exact state).
 */
export function publicProfileMatcher(user: User = exampleStranger, overrides: Record<string, unknown> = {}) {
  const fields = {
    id: user.id,
    name: user.name,
    image: user.image,
    description: user.description,
    data_visibility: MatchersV3.regex(/^[01]$/, String(user.data_visibility ?? '0')),
    driver_is_verified: user.driver_is_verified,
    active: user.active,
    has_pin: user.has_pin,
    is_member: user.is_member,
    monthly_donate: user.monthly_donate,
    last_connection: dateTime(user.last_connection as string),
    positive_ratings: user.positive_ratings,
    negative_ratings: user.negative_ratings,
    ...(user.state ? { state: MatchersV3.regex(/^(none|request|pending|friend)$/, user.state) } : {}),
    ...(user.friendship_state ? { friendship_state: MatchersV3.regex(/^(friend|pending_sent|pending_received|none)$/, user.friendship_state) } : {}),
    ...overrides,
  };
  const typed = Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, MatchersV3.isMatcher(value) ? value : MatchersV3.like(value)]));
  return MatchersV3.eachKeyMatches(typed, MatchersV3.regex(new RegExp(`^(${PUBLIC_PROFILE_FIELDS.join('|')})$`), 'name'));
}

/** A user as trips, requests and matching lists show them. */
export const exampleTripUser: TripUser = {
  id: 3,
  name: 'Lucía Fernández',
  image: 'seed-avatar-3.svg',
  positive_ratings: 7,
  negative_ratings: 0,
  autoaccept_requests: 0,
  driver_is_verified: 0,
  last_connection: '2026-11-22 09:00:00',
};

export const tripUserMatcher = (user: TripUser = exampleTripUser) =>
  MatchersV3.like({ ...user, last_connection: dateTime(user.last_connection as string) });

/** The demo driver's car. */
export const exampleCar: Car = { id: 5, patente: 'AB 123 CD', description: 'Volkswagen Gol Trend gris', user_id: 2 };

export const carMatcher = (car: Car = exampleCar) => MatchersV3.like(car);
