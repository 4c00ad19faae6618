import { isOpenRequest } from '@carpool/contracts';
import type { TripViewer, TripViewerExtras, WireTripParts } from '../transformers/trip-transformer';

/**
 * A trip's `WireTripParts` pre-serialised (UTF-8), so a page of trips is joined as bytes instead of being
 * stringified and encoded again on every request: `pushWireTripBytes` closes the shared object with
 * the viewer's fields. It also carries what deciding who may see the trip needs
 * (read-model/kept-answers.ts), so the parts need not be kept.
 *
 * One object and one Buffer a trip, nothing else: numbers are fields of the object (V8 keeps small
 * integers in it), the user lists are written after the JSON in the same Buffer (`isPartner`,
 * `hasPendingRequest`, `hasOpenRequest` read them) and `state` is one shared string per value: with
 * an array for each list and a string a trip, every kept answer would be several more things for
 * V8's full collections to trace.
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
   * isOpenRequest: they may open the trip whatever its privacy).
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
/** A user with an open request on the trip (isOpenRequest). */
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
