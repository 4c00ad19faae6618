import type { Trip as WireTrip, TripUser } from '@carpool/contracts';
import { isActiveRequest, isWaitingRequest, REQUEST_STATES } from '@carpool/contracts';
import type { User } from '@prisma/client';
import { toWireDateTime } from '../lib/dates';
import type { TripRecord, TripUserRecord } from '../read-model/trip-records';

const flag = (value: boolean): 0 | 1 => (value ? 1 : 0);

/** User ids, the empty list shared (most trips have no passengers). */
const NONE: readonly number[] = Object.freeze([]);
const listOf = (ids: number[]): readonly number[] => (ids.length === 0 ? NONE : ids);

/** Who looks at a trip answer: what they see depends on being the owner, a partner or an admin. */
export type TripViewer = { id: number; isAdmin: boolean } | null;

export const tripViewer = (user: Pick<User, 'id' | 'is_admin'> | null | undefined): TripViewer =>
  user ? { id: user.id, isAdmin: user.is_admin } : null;

export function toTripUser(user: TripUserRecord): TripUser {
  return {
    id: user.id,
    name: user.name,
    image: user.image,
    positive_ratings: user.positive_ratings,
    negative_ratings: user.negative_ratings,
    autoaccept_requests: flag(user.autoaccept_requests),
    driver_is_verified: flag(user.driver_is_verified),
    last_connection: user.last_connection ? toWireDateTime(user.last_connection) : null,
  };
}

/** The first word of the name: the provider's `first_name`. */
const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] ?? '';

function parseJson(value: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

type ViewerFields = 'allPassengerRequest' | 'request' | 'passenger' | 'car' | keyof TripViewerExtras;

/**
 * What the provider's TripTransformer adds for a logged-in viewer that needs more than the trip:
 * whether the driver is the viewer's friend, the driver's seat-request limit
 * (UsersManager::seatRequestLimitStatus) and the trip's group chat. Built by the trip service for
 * single-trip answers.
 */
export type TripViewerExtras = Pick<
  WireTrip,
  'driver_is_friend' | 'seat_request_limit' | 'seat_request_limit_reached' | 'group_chat_conversation_id' | 'group_chat_unread_count'
>;

/** The provider's text for a trip whose creation fee is due (TripTransformer, Spanish as sent). */
const SELLADO_PENDING_LABEL = 'Falta pagar Sellado';

/** The trip schema is loose (extra keys allowed): keep its named keys only. */
type NamedKeys<T> = keyof { [K in keyof T as string extends K ? never : K]: T[K] };
type SharedTrip = Pick<WireTrip, Exclude<NamedKeys<WireTrip>, ViewerFields>>;

/**
 * A trip's answer split into what every viewer sees (`shared`) and what depends on the viewer
 * (as the provider's TripTransformer does, and spec document 1 §6: the driver's plate is for
 * confirmed trip partners, or for everyone when the driver made their data public):
 * - `passenger` (accepted and payment-pending passengers) and `car`: the owner, the trip's active
 *   passengers and admins; everyone else gets `passenger: []` and no `car`, unless the owner's
 *   data is public, which shows the car to everyone;
 * - `allPassengerRequest`: the owner and admins;
 * - `request: 'send'`: a viewer with a pending request or a seat waiting for payment (the provider's
 *   `Trip::isPending`, states 0 and 4).
 * Search answers are assembled from pre-serialised parts (read-model/wire-trip-bytes.ts).
 */
export type WireTripParts = {
  ownerId: number;
  shared: SharedTrip;
  car: WireTrip['car'];
  /** The owner made their data public (data_visibility): the car is shown to everyone. */
  carIsPublic: boolean;
  passenger: NonNullable<WireTrip['passenger']>;
  /** The same passengers as other logged-in viewers see them: `{ id, image, first_name }`. */
  publicPassenger: NonNullable<WireTrip['passenger']>;
  allPassengerRequest: NonNullable<WireTrip['allPassengerRequest']>;
  /** Users with an active request (states 1 and 4): the trip partners. */
  partnerIds: readonly number[];
  /** Users with a request waiting: pending or waiting for payment (states 0 and 4). */
  pendingUserIds: readonly number[];
};

type Sight = { partner: boolean; owner: boolean; admin: boolean };

function sightOf(parts: Pick<WireTripParts, 'ownerId' | 'partnerIds'>, viewer: TripViewer): Sight {
  const owner = viewer !== null && viewer.id === parts.ownerId;
  const admin = viewer?.isAdmin ?? false;
  return { owner, admin, partner: owner || admin || (viewer !== null && parts.partnerIds.includes(viewer.id)) };
}

/**
 * The provider's trip shape. Counts: passenger_count = active passengers (states 1 and 4),
 * passengerAccepted_count = state 1, passengerPending_count = requests waiting for the driver or
 * for the seat payment (states 0 and 4, the provider's `passengerPending`), request_count = every
 * request ever made on the trip.
 */
export function toWireTripParts(trip: TripRecord): WireTripParts {
  // TripTransformer: the fee is due while a trip that needs it is not ready.
  const selladoPending = trip.needs_sellado && trip.state !== 'ready';
  // allPassengerRequest: the provider mutates each request row (TripTransformer): id = the user's id.
  const requestOf = (p: TripRecord['passengers'][number]) => ({
    id: p.user_id,
    request_id: p.id,
    trip_id: p.trip_id,
    user_id: p.user_id,
    request_state: p.request_state,
    name: p.user.name,
    email: p.user.email,
    user: toTripUser(p.user),
  });
  // passenger: user objects (TripUserTransformer); request_id/request_state are the mock's additions.
  const passengerOf = (p: TripRecord['passengers'][number]) => ({
    ...toTripUser(p.user),
    first_name: firstNameOf(p.user.name),
    request_id: p.id,
    request_state: p.request_state,
  });
  const active = trip.passengers.filter((p) => isActiveRequest(p.request_state));
  return {
    ownerId: trip.user_id,
    car: trip.car ? { id: trip.car.id, patente: trip.car.patente, description: trip.car.description } : null,
    carIsPublic: trip.user.data_visibility !== 0,
    passenger: active.map(passengerOf),
    publicPassenger: active.map((p) => ({ id: p.user_id, image: p.user.image, first_name: firstNameOf(p.user.name) })),
    partnerIds: listOf(active.map((p) => p.user_id)),
    pendingUserIds: listOf(trip.passengers.filter((p) => isWaitingRequest(p.request_state)).map((p) => p.user_id)),
    allPassengerRequest: trip.passengers.map(requestOf),
    shared: {
      id: trip.id,
      user_id: trip.user_id,
      user: toTripUser(trip.user),
      from_town: trip.from_town,
      to_town: trip.to_town,
      trip_date: toWireDateTime(trip.trip_date),
      estimated_time: trip.estimated_time,
      distance: trip.distance,
      co2: trip.co2,
      description: trip.description,
      total_seats: trip.total_seats,
      seats_available: trip.seats_available,
      passenger_count: active.length,
      passengerPending_count: trip.passengers.filter((p) => isWaitingRequest(p.request_state)).length,
      passengerAccepted_count: trip.passengers.filter((p) => p.request_state === REQUEST_STATES.accepted).length,
      request_count: trip.passengers.length,
      is_passenger: flag(trip.is_passenger),
      friendship_type_id: trip.friendship_type_id as 0 | 1 | 2,
      hidden: flag(trip.hidden),
      deleted: flag(trip.deleted_at !== null),
      allow_kids: flag(trip.allow_kids),
      allow_smoking: flag(trip.allow_smoking),
      allow_animals: flag(trip.allow_animals),
      no_lucrar: flag(trip.no_lucrar),
      car_id: trip.car_id,
      parent_trip_id: trip.parent_trip_id,
      return_trip:
        trip.returnTrip && trip.returnTrip.deleted_at === null
          ? {
              id: trip.returnTrip.id,
              from_town: trip.returnTrip.from_town,
              to_town: trip.returnTrip.to_town,
              trip_date: toWireDateTime(trip.returnTrip.trip_date),
            }
          : null,
      points: trip.points.map((point) => ({
        address: point.address,
        json_address: parseJson(point.json_address),
        lat: point.lat,
        lng: point.lng,
        node_id: point.node_id,
      })),
      seat_price_cents: trip.seat_price_cents,
      recommended_trip_price_cents: trip.recommended_trip_price_cents,
      payment_id: trip.payment_id,
      state: trip.state as WireTrip['state'],
      needs_sellado: flag(trip.needs_sellado),
      sellado_pending: selladoPending,
      sellado_pending_label: selladoPending ? SELLADO_PENDING_LABEL : null,
      created_at: toWireDateTime(trip.created_at),
      updated_at: toWireDateTime(trip.updated_at),
    },
  };
}

/** One viewer's answer from the parts (`extras` for a logged-in viewer, when the caller built them). */
export function composeWireTrip(parts: WireTripParts, viewer: TripViewer, extras?: TripViewerExtras): WireTrip {
  const sight = sightOf(parts, viewer);
  return {
    ...parts.shared,
    ...(viewer !== null ? extras : undefined),
    ...(sight.partner || parts.carIsPublic ? { car: parts.car } : {}),
    passenger: sight.partner ? parts.passenger : viewer !== null ? parts.publicPassenger : [],
    ...(sight.owner || sight.admin ? { allPassengerRequest: parts.allPassengerRequest } : {}),
    request: viewer !== null && parts.pendingUserIds.includes(viewer.id) ? 'send' : '',
  };
}

export function toWireTrip(trip: TripRecord, viewer: TripViewer): WireTrip {
  return composeWireTrip(toWireTripParts(trip), viewer);
}
