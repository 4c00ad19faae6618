import { MatchersV3 } from '@pact-foundation/pact';
import type { Notification, PassengerRequest, Transaction } from '@carpool/contracts';
import { dateTime, exampleTrip } from './pact';
import { exampleTripUser, tripUserMatcher } from './pact-users';

/** The demo passenger's seat request on the demo driver's trip (no trip attached, as a trip's lists send it). */
export const exampleRequest: PassengerRequest = {
  id: 901,
  trip_id: exampleTrip.id,
  user_id: exampleTripUser.id,
  request_state: 0,
  user: exampleTripUser,
  created_at: '2026-11-22 12:00:00',
  updated_at: '2026-11-22 12:00:00',
  payment_status: null,
};

/**
 * A seat request by type. `state` pins request_state when the call decides it (accept → 1...);
 * `trip` adds the trip matcher for the lists that carry it.
 */
export function requestMatcher(
  request: PassengerRequest = exampleRequest,
  { state, trip }: { state?: number; trip?: unknown } = {},
) {
  return MatchersV3.like({
    id: request.id,
    trip_id: request.trip_id,
    user_id: request.user_id,
    request_state: state === undefined ? request.request_state : MatchersV3.equal(state),
    user: tripUserMatcher(request.user),
    created_at: dateTime(request.created_at as string),
    updated_at: dateTime(request.updated_at as string),
    ...(trip ? { trip } : {}),
  });
}

/**
 * A passenger aboard a trip as `trip.passenger` lists them: the user object (the provider's
 * TripUserTransformer: id is the user's), with the mock's request_id and request_state (1 or 4).
 */
export const tripPassengerMatcher = (state: number) =>
  MatchersV3.like({
    id: exampleTripUser.id,
    name: exampleTripUser.name,
    first_name: exampleTripUser.name.split(' ')[0],
    image: exampleTripUser.image,
    request_id: exampleRequest.id,
    request_state: MatchersV3.equal(state),
  });

/** A seat the demo passenger paid by card on the demo driver's trip. */
export const exampleTransaction: Transaction = {
  id: 31,
  created_at: '2026-11-21 19:45:00',
  trip_id: exampleTrip.id,
  user_id: exampleTripUser.id,
  user: { id: exampleTripUser.id, name: exampleTripUser.name },
  passenger_id: exampleRequest.id,
  trip: {
    id: exampleTrip.id,
    from_town: exampleTrip.from_town,
    to_town: exampleTrip.to_town,
    trip_date: exampleTrip.trip_date,
    seat_price_cents: exampleTrip.seat_price_cents,
    user: { id: exampleTrip.user.id, name: exampleTrip.user.name },
  },
  amount_cents: exampleTrip.seat_price_cents,
  payment_status: 'ok',
  payment_info: { cardDetail: { cardNumber: 'XXXX-4242' } },
};

/** What the transactions table shows: date, who and where, amount and status (with the card's last digits). */
export const transactionMatcher = (transaction: Transaction = exampleTransaction) =>
  MatchersV3.like({
    ...transaction,
    created_at: dateTime(transaction.created_at),
    trip: MatchersV3.like({ ...transaction.trip, trip_date: dateTime(transaction.trip.trip_date) }),
    payment_status: MatchersV3.regex(/^(ok|failed)$/, transaction.payment_status as string),
  });

/** A bell notification that opens a trip. */
export const exampleNotification: Notification = {
  id: 77,
  readed: false,
  created_at: '2026-11-22 11:30:00',
  text: 'Martín Gómez aceptó tu solicitud para el viaje a Rosario.',
  type: 'trip',
  extras: { trip_id: exampleTrip.id },
};

export const notificationMatcher = (notification: Notification = exampleNotification) =>
  MatchersV3.like({
    ...notification,
    created_at: dateTime(notification.created_at),
    type: MatchersV3.regex(/^(trip|friends|subscription|my-trips|conversation|announcement)$/, notification.type),
  });
