import type { Car as WireCar, DonationRecord, FriendState, FriendshipState, Reference as WireReference, User as WireUser } from '@carpool/contracts';
import type { Car, Donation, Reference, User } from '@prisma/client';
import { toWireDateTime } from '../lib/dates';

const flag = (value: boolean): 0 | 1 => (value ? 1 : 0);

/**
 * What a viewer may see of a user (spec document 1 §6):
 * - `self` and `admin`: the account data (e-mail, birthday, bank data, documents, alert flags, donations);
 * - `driverData`: document number, phone and cars with their plates (self, admins, confirmed trip
 *   partners, or everyone when the user made them public with data_visibility);
 * - `admin` alone: the private note and `banned` (ProfileTransformer sends it to admin viewers only);
 * - `friendState`: the friend search's `state`; `friendshipState`: another user's profile.
 */
export type UserAccess = {
  self: boolean;
  admin: boolean;
  driverData: boolean;
  friendState?: FriendState;
  friendshipState?: FriendshipState;
};

export const PUBLIC_ACCESS: UserAccess = { self: false, admin: false, driverData: false };

export type UserRelations = {
  cars?: Car[];
  donations?: Donation[];
  referencesGot?: (Reference & { from?: { id: number; name: string; image: string | null } })[];
  /** The references count, for lists that do not load the references themselves. */
  _count?: { referencesGot: number };
};

export function parseDocs(value: string): string[] {
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

type CarWithCatalogue = Car & { brand?: { name: string } | null; model?: { name: string } | null; color?: { name: string } | null };

/** A car with the provider's catalogue fields (app/Models/Car.php appends brand_name, model_name, color_name). */
export const toWireCar = (car: CarWithCatalogue): WireCar => ({
  id: car.id,
  patente: car.patente,
  description: car.description,
  user_id: car.user_id,
  year: car.year,
  car_color_id: car.car_color_id,
  car_brand_id: car.car_brand_id,
  car_model_id: car.car_model_id,
  brand_other: car.brand_other,
  model_other: car.model_other,
  brand_name: car.brand?.name ?? car.brand_other ?? null,
  model_name: car.model?.name ?? car.model_other ?? null,
  color_name: car.color?.name ?? null,
});

const toWireDonation = (donation: Donation): DonationRecord => ({
  id: donation.id,
  user_id: donation.user_id,
  has_donated: flag(donation.has_donated),
  has_denied: flag(donation.has_denied),
  ammount: donation.ammount,
  trip_id: donation.trip_id,
  created_at: toWireDateTime(donation.created_at),
});

export { toWireDonation };

/** A reference written on a profile, with its author (id, name, image) when loaded, as the provider's references_data shows it. */
export const toWireReference = (reference: Reference & { from?: { id: number; name: string; image: string | null } }): WireReference => ({
  id: reference.id,
  user_id_from: reference.user_id_from,
  user_id_to: reference.user_id_to,
  comment: reference.comment,
  created_at: toWireDateTime(reference.created_at),
  ...(reference.from ? { from: { id: reference.from.id, name: reference.from.name, image: reference.from.image } } : {}),
});

/** The provider's user shape, with what the viewer may not see left out. */
export function toWireUser(user: User & UserRelations, access: UserAccess): WireUser {
  const account = access.self || access.admin;
  const driverData = account || access.driverData;
  return {
    id: user.id,
    name: user.name,
    image: user.image,
    description: user.description,
    data_visibility: user.data_visibility === 1 ? '1' : '0',
    driver_is_verified: flag(user.driver_is_verified),
    active: flag(user.active),
    has_pin: flag(user.has_pin),
    is_member: flag(user.is_member),
    monthly_donate: flag(user.monthly_donate),
    autoaccept_requests: flag(user.autoaccept_requests),
    // ProfileTransformer writes '' for a user who never connected.
    last_connection: user.last_connection ? toWireDateTime(user.last_connection) : '',
    positive_ratings: user.positive_ratings,
    negative_ratings: user.negative_ratings,
    conversation_answered_count: user.conversation_answered_count,
    conversation_opened_count: user.conversation_opened_count,
    answer_delay_sum: user.answer_delay_sum,
    ...(user.referencesGot || user._count ? { references: user.referencesGot?.length ?? user._count?.referencesGot ?? 0 } : {}),
    ...(user.referencesGot
      ? {
          references_data: user.referencesGot.map(toWireReference),
        }
      : {}),
    ...(driverData
      ? {
          nro_doc: user.nro_doc,
          mobile_phone: user.mobile_phone,
          ...(user.cars ? { cars: user.cars.map(toWireCar) } : {}),
        }
      : {}),
    ...(account
      ? {
          email: user.email,
          birthday: user.birthday,
          is_admin: flag(user.is_admin),
          emails_notifications: flag(user.emails_notifications),
          unaswered_messages_limit: user.unaswered_messages_limit,
          driver_data_docs: parseDocs(user.driver_data_docs),
          account_type: user.account_type,
          account_bank: user.account_bank,
          account_number: user.account_number,
          do_not_alert_pending_rates: flag(user.do_not_alert_pending_rates),
          do_not_alert_pricing: flag(user.do_not_alert_pricing),
          do_not_alert_request_seat: flag(user.do_not_alert_request_seat),
          do_not_alert_accept_passenger: flag(user.do_not_alert_accept_passenger),
          on_boarding_view: flag(user.on_boarding_view),
          ...(user.donations ? { donations: user.donations.map(toWireDonation) } : {}),
        }
      : {}),
    ...(access.admin ? { private_note: user.private_note, banned: flag(user.banned) } : {}),
    ...(access.friendState && !access.self ? { state: access.friendState } : {}),
    ...(access.friendshipState && !access.self ? { friendship_state: access.friendshipState } : {}),
  };
}
