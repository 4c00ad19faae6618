import { REQUEST_STATES, type PassengerRequest, type Trip } from '@carpool/contracts';
import { ApiError } from '@/lib/api-client';

/** Where the viewer stands on a trip they do not own (spec document 1 §4, Passenger request_state). */
export type ViewerBooking =
  | { status: 'none' }
  /** State 0: the request marker is 'send' and no seat of the trip waits for payment. */
  | { status: 'sent' }
  /** State 1: aboard, may leave (the provider does not send the request's id). */
  | { status: 'aboard'; requestId: number | null }
  /** State 4: accepted, the seat must be paid. */
  | { status: 'payment'; requestId: number };

/**
 * `seatToPay`: the viewer's row of GET /api/users/payment-pending for this trip, if any. The provider
 * marks a seat to pay only as `request: 'send'` (its `passenger` holds state 1 only); the mock also
 * lists it in `passenger` with request_state 4.
 */
export function viewerBooking(
  trip: Pick<Trip, 'passenger' | 'request'>,
  viewerId: number | null | undefined,
  seatToPay?: Pick<PassengerRequest, 'id'> | null,
): ViewerBooking {
  if (viewerId == null) return { status: 'none' };
  // `passenger` holds user objects (the provider's TripUserTransformer): id is the user's id. The
  // provider sends no request state (aboard); the mock adds request_id and request_state.
  const own = (trip.passenger ?? []).find((passenger) => passenger.id === viewerId);
  const state = own ? (own.request_state ?? REQUEST_STATES.accepted) : undefined;
  if (own?.request_id !== undefined && state === REQUEST_STATES.waitingPayment) return { status: 'payment', requestId: own.request_id };
  if (own && state === REQUEST_STATES.accepted) return { status: 'aboard', requestId: own.request_id ?? null };
  if (trip.request === 'send') return seatToPay ? { status: 'payment', requestId: seatToPay.id } : { status: 'sent' };
  return { status: 'none' };
}

/** Spec document 2 §8, Seat requests: two codes have their own message, the rest the generic one. */
export function requestErrorKey(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return 'errorDeRed';
    if (error.code === 'user_has_reach_request_limit') return 'limiteDeConsultas';
    if (error.code === 'user_has_another_similar_trip') return 'viajeSimilar';
  }
  return 'errorSolicitud';
}
