import type { Trip as WireTrip, TripUser } from '@carpool/contracts';
import type { Car, Passenger, Trip, TripPoint, User } from '@prisma/client';
import { toWireDateTime } from '../lib/dates';
import { isActiveRequest, isOpenRequest, isWaitingRequest } from '../lib/trip-visibility';

const flag = (value: boolean): 0 | 1 => (value ? 1 : 0);

/** User ids, the empty list shared (most trips have no passengers). */
const NONE: readonly number[] = Object.freeze([]);
const listOf = (ids: number[]): readonly number[] => (ids.length === 0 ? NONE : ids);

/** States 1 (accepted) and 4 (waiting for payment) count as passengers aboard: one rule, in lib/trip-visibility. */
export { ACTIVE_REQUEST_STATES, isActiveRequest } from '../lib/trip-visibility';

/** What a trip answer shows of a user. A full Prisma `User` fits. */
export type TripUserRecord = Pick<
  User,
  | 'id' | 'name' | 'image' | 'positive_ratings' | 'negative_ratings' | 'autoaccept_requests' | 'driver_is_verified'
  | 'last_connection' | 'data_visibility' | 'email'
>;

/** Who looks at a trip answer: what they see depends on being the owner, a partner or an admin. */
export type TripViewer = { id: number; isAdmin: boolean } | null;

export const tripViewer = (user: Pick<User, 'id' | 'is_admin'> | null | undefined): TripViewer =>
  user ? { id: user.id, isAdmin: user.is_admin } : null;

/**
 * A trip with what its answer needs. Prisma's `TripWithRelations` (repositories/trip-repository.ts)
 * fits, and so do the rows the search's fast path reads.
 */
export type TripRecord = Pick<
  Trip,
  | 'id' | 'user_id' | 'from_town' | 'to_town' | 'trip_date' | 'estimated_time' | 'distance' | 'co2' | 'description'
  | 'total_seats' | 'seats_available' | 'is_passenger' | 'friendship_type_id' | 'hidden' | 'deleted_at'
  | 'allow_kids' | 'allow_smoking' | 'allow_animals' | 'no_lucrar' | 'car_id' | 'parent_trip_id'
  | 'seat_price_cents' | 'recommended_trip_price_cents' | 'payment_id' | 'state' | 'needs_sellado'
  | 'created_at' | 'updated_at'
> & {
  user: TripUserRecord;
  car: Pick<Car, 'id' | 'patente' | 'description'> | null;
  points: Pick<TripPoint, 'address' | 'json_address' | 'lat' | 'lng' | 'node_id'>[];
  returnTrip: Pick<Trip, 'id' | 'from_town' | 'to_town' | 'trip_date' | 'deleted_at'> | null;
  /** Every request of the trip, oldest first. */
  passengers: (Pick<Passenger, 'id' | 'trip_id' | 'user_id' | 'request_state'> & { user: TripUserRecord })[];
};

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
export const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] ?? '';

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
export const SELLADO_PENDING_LABEL = 'Falta pagar Sellado';

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
 * Search answers are assembled from cached parts (see services/trip-service.ts).
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
      passengerAccepted_count: trip.passengers.filter((p) => p.request_state === 1).length,
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

/**
 * The same parts pre-serialised (UTF-8), so a page of trips is joined as bytes instead of being
 * stringified and encoded again on every request: `pushWireTripBytes` closes the shared object with
 * the viewer's fields. It also carries what deciding who may see the trip needs
 * (services/trip-service.ts), so the parts need not be kept.
 *
 * One object and one Buffer a trip, nothing else: numbers are fields of the object (V8 keeps small
 * integers in it), the user lists are written after the JSON in the same Buffer (`isPartner`,
 * `hasPendingRequest`, `hasOpenRequest` read them) and `state` is one shared string per value. With
 * an array for each list and for the ends, and a string a trip, the ~75,000 kept answers were about
 * 600,000 more things for V8's full collections to trace at 100k trips.
 */
export type WireTripBytes = Pick<WireTripParts, 'ownerId' | 'carIsPublic'> & {
  id: number;
  deleted: boolean;
  hidden: boolean;
  friendship_type_id: number;
  state: string;
  /**
   * The answer's JSON in five parts, one after the other: the shared object without its closing
   * brace (to `sharedEnd`), then `,"car":…` (to `carEnd`), `,"passenger":[…]` (to `passengerEnd`),
   * the same with the public `{ id, image, first_name }` of each passenger (to `publicPassengerEnd`)
   * and `,"allPassengerRequest":[…]` (to `requestsEnd`). Then, as 8-byte numbers, the ids of the
   * trip partners (`partners` of them: users with an active request, states 1 and 4), of the users
   * with a pending request (`pending`, state 0) and of those with an open request (`openRequests`,
   * lib/trip-visibility isOpenRequest: they may open the trip whatever its privacy).
   */
  bytes: Buffer;
  sharedEnd: number;
  carEnd: number;
  passengerEnd: number;
  publicPassengerEnd: number;
  requestsEnd: number;
  partners: number;
  pending: number;
  openRequests: number;
};

const member = (key: string, value: unknown) => `,"${key}":${JSON.stringify(value)}`;

/** One string per trip state (an enum): a kept answer's `state` is that one, not a copy per row read. */
const states = new Map<string, string>();
const sharedState = (state: string) => states.get(state) ?? (states.size < 64 ? (states.set(state, state), state) : state);

export function toWireTripBytes(parts: WireTripParts): WireTripBytes {
  const texts = [
    JSON.stringify(parts.shared).slice(0, -1),
    member('car', parts.car),
    member('passenger', parts.passenger),
    member('passenger', parts.publicPassenger),
    member('allPassengerRequest', parts.allPassengerRequest),
  ];
  const openRequestUserIds = parts.allPassengerRequest.filter((r) => isOpenRequest(r.request_state)).map((r) => r.user_id);
  const ids = [...parts.partnerIds, ...parts.pendingUserIds, ...openRequestUserIds];
  // One allocation of its own per trip: small buffers from Node's shared pool would each keep a
  // whole 8 KB slab alive for as long as the trip is kept.
  const jsonLength = texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0);
  const bytes = Buffer.allocUnsafeSlow(jsonLength + ids.length * 8);
  let at = 0;
  const ends = texts.map((text) => (at += bytes.write(text, at)));
  for (const id of ids) at = bytes.writeDoubleLE(id, at);
  return {
    id: parts.shared.id,
    ownerId: parts.ownerId,
    carIsPublic: parts.carIsPublic,
    deleted: parts.shared.deleted === 1,
    hidden: parts.shared.hidden === 1,
    friendship_type_id: parts.shared.friendship_type_id,
    state: sharedState(parts.shared.state),
    bytes,
    sharedEnd: ends[0]!,
    carEnd: ends[1]!,
    passengerEnd: ends[2]!,
    publicPassengerEnd: ends[3]!,
    requestsEnd: ends[4]!,
    partners: parts.partnerIds.length,
    pending: parts.pendingUserIds.length,
    openRequests: openRequestUserIds.length,
  };
}

/** Whether `userId` is among the `count` ids written from the `first`-th id on after a kept answer's JSON. */
function listed(trip: WireTripBytes, first: number, count: number, userId: number): boolean {
  const { bytes } = trip;
  for (let i = 0, at = trip.requestsEnd + first * 8; i < count; i++, at += 8) if (bytes.readDoubleLE(at) === userId) return true;
  return false;
}

/** A trip partner of the kept answer's trip (an active request, states 1 and 4). */
export const isPartner = (trip: WireTripBytes, userId: number) => listed(trip, 0, trip.partners, userId);
/** A user whose request on the trip waits for an answer (state 0). */
export const hasPendingRequest = (trip: WireTripBytes, userId: number) => listed(trip, trip.partners, trip.pending, userId);
/** A user with an open request on the trip (lib/trip-visibility isOpenRequest). */
export const hasOpenRequest = (trip: WireTripBytes, userId: number) => listed(trip, trip.partners + trip.pending, trip.openRequests, userId);

// The ends of an answer, each also with the comma that separates it from the next trip of a list
// (one chunk fewer a trip to join).
const endings = (text: string) => [Buffer.from(text), Buffer.from(`${text},`)] as const;
/** A guest's: no passengers, no request. */
const [GUEST_END, GUEST_END_MORE] = endings(',"passenger":[],"request":""}');
const [NO_REQUEST_END, NO_REQUEST_END_MORE] = endings(',"request":""}');
const [SENT_REQUEST_END, SENT_REQUEST_END_MORE] = endings(',"request":"send"}');

/** `extras` as JSON members (`,"key":value` each), to go before the answer's end. */
const extrasJson = (extras: TripViewerExtras) =>
  Buffer.from(Object.entries(extras).map(([key, value]) => member(key, value)).join(''));

/**
 * Appends one viewer's answer of a trip to `chunks` (to be joined with Buffer.concat), followed by a
 * comma when `more` (another trip follows in a list). `extras`: a logged-in viewer's, when built.
 */
export function pushWireTripBytes(chunks: Buffer[], trip: WireTripBytes, viewer: TripViewer, more = false, extras?: TripViewerExtras): void {
  const { bytes } = trip;
  // A guest: the shared object (with the car when it is public), no passengers, no request.
  if (viewer === null) {
    chunks.push(bytes.subarray(0, trip.carIsPublic ? trip.carEnd : trip.sharedEnd), more ? GUEST_END_MORE : GUEST_END);
    return;
  }
  const owner = viewer.id === trip.ownerId;
  const partner = owner || viewer.isAdmin || isPartner(trip, viewer.id);
  const withCar = partner || trip.carIsPublic;
  // The shared object and the car are next to each other: one view when both go.
  chunks.push(bytes.subarray(0, withCar ? trip.carEnd : trip.sharedEnd));
  // The passengers, or their public fields, then every request (owner and admins).
  chunks.push(partner ? bytes.subarray(trip.carEnd, trip.passengerEnd) : bytes.subarray(trip.passengerEnd, trip.publicPassengerEnd));
  if (owner || viewer.isAdmin) chunks.push(bytes.subarray(trip.publicPassengerEnd, trip.requestsEnd));
  if (extras) chunks.push(extrasJson(extras));
  const sent = hasPendingRequest(trip, viewer.id);
  chunks.push(sent ? (more ? SENT_REQUEST_END_MORE : SENT_REQUEST_END) : more ? NO_REQUEST_END_MORE : NO_REQUEST_END);
}
