import { MatchersV3 } from '@pact-foundation/pact';
import { requestStateOf, requesterIdOf, type Notification, type PassengerRequest, type Transaction } from '@carpool/contracts';
import { dateTime, exampleTrip, modelDateTime } from './pact';
import { exampleTripUser, tripUserMatcher } from './pact-users';

/** The demo passenger's seat request on the demo driver's trip (no trip attached, as a trip's lists send it). */
export const exampleRequest: PassengerRequest = {
  id: 901,
  trip_id: exampleTrip.id,
  user_id: exampleTripUser.id,
  request_state: 0,
  state: 0,
  user: exampleTripUser,
  created_at: '2026-11-22 12:00:00',
  updated_at: '2026-11-22 12:00:00',
  payment_status: null,
};

/** The demo passenger's request in another state (both names of the state). */
export const requestIn = (state: number): PassengerRequest => ({ ...exampleRequest, state, request_state: state });

/**
 * A row of the request lists by type, as the provider's PassengerTransformer sends it: the state as
 * `state`, the requester as `user` and the trip by `trip_id` only (no `user_id`, `request_state` or
 * `trip`: the mock's additions). `state` pins the state when the call decides it.
 */
export function requestMatcher(request: PassengerRequest = exampleRequest, { state }: { state?: number } = {}) {
  return MatchersV3.like({
    id: request.id,
    trip_id: request.trip_id,
    state: state === undefined ? requestStateOf(request) : MatchersV3.equal(state),
    user: tripUserMatcher(request.user),
    created_at: dateTime(request.created_at as string),
  });
}

/** The request a create, accept, reject or cancel answers, as the provider's raw row: `user_id` and `request_state`. */
export const requestAnswerMatcher = (state: number, request: PassengerRequest = exampleRequest) =>
  MatchersV3.like({ id: request.id, trip_id: request.trip_id, user_id: requesterIdOf(request), request_state: MatchersV3.equal(state) });

/**
 * A passenger aboard a trip as `trip.passenger` lists them: the user object of the provider's
 * TripUserTransformer (id is the user's). The mock's request_id and request_state are not asserted:
 * the provider sends neither (a passenger listed there is aboard).
 */
export const tripPassengerMatcher = () =>
  MatchersV3.like({
    id: exampleTripUser.id,
    name: exampleTripUser.name,
    first_name: exampleTripUser.name.split(' ')[0],
    image: exampleTripUser.image,
  });

/** A seat the demo passenger paid by card on the demo driver's trip, which has left (dates as the provider's models send them). */
export const exampleTransaction: Transaction = {
  id: 31,
  created_at: '2026-11-21T22:45:00.000000Z',
  trip_id: exampleTrip.id,
  user_id: exampleTripUser.id,
  user: { id: exampleTripUser.id, name: exampleTripUser.name },
  passenger_id: exampleRequest.id,
  trip: {
    id: exampleTrip.id,
    from_town: exampleTrip.from_town,
    to_town: exampleTrip.to_town,
    trip_date: '2026-11-20T12:00:00.000000Z',
    seat_price_cents: exampleTrip.seat_price_cents,
    user: { id: exampleTrip.user!.id, name: exampleTrip.user!.name },
  },
  amount_cents: exampleTrip.seat_price_cents,
  payment_status: 'ok',
  payment_info: { cardDetail: { cardNumber: 'XXXX-4242' } },
};

/**
 * What the transactions table shows: date, who and where, price and status (with the card's last
 * digits). The provider's rows are raw passenger rows: the mock's passenger_id and amount_cents are
 * not asserted (the table falls back to the trip's seat price).
 */
export const transactionMatcher = ({ passenger_id: _request, amount_cents: _charged, ...transaction }: Transaction = exampleTransaction) =>
  MatchersV3.like({
    ...transaction,
    created_at: modelDateTime(transaction.created_at),
    trip: MatchersV3.like({ ...transaction.trip, trip_date: modelDateTime(transaction.trip.trip_date) }),
    payment_status: MatchersV3.regex(/^(ok|failed)$/, transaction.payment_status as string),
  });

/** A bell notification that opens a trip. */
export const exampleNotification: Notification = {
  id: 77,
  readed: false,
  created_at: '2026-11-22 11:30:00',
  text: 'Martín Gómez aceptó tu solicitud para el viaje a Rosario.',
  extras: { type: 'trip', trip_id: exampleTrip.id },
};

export const notificationMatcher = (notification: Notification = exampleNotification) =>
  MatchersV3.like({
    ...notification,
    created_at: dateTime(notification.created_at),
    // The type sits inside extras, as the provider sends it.
    extras: { ...notification.extras, type: MatchersV3.regex(/^(trip|friends|subscription|my-trips|conversation|announcement)$/, String(notification.extras.type)) },
  });
