import type { PassengerRequest, Transaction } from '@carpool/contracts';
import type { Passenger, User } from '@prisma/client';
import { toModelDateTime, toWireDateTime } from '../lib/dates';
import type { PaymentWithTrip } from '../repositories/payment-repository';
import type { TripWithRelations } from '../repositories/trip-repository';
import { toTripUser, toWireTrip, type TripViewer } from './trip-transformer';

function parseInfo(value: string | null): Transaction['payment_info'] {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Transaction['payment_info']) : null;
  } catch {
    return null;
  }
}

/**
 * A seat request; with its trip (as the viewer sees it) when the list needs destination and date.
 * `state` is the provider's name of the state (PassengerTransformer); `user_id` and `request_state`
 * stay for the clients written against the mock and the provider's raw rows.
 */
export function toWireRequest(request: Passenger & { user: User; trip?: TripWithRelations }, viewer: TripViewer = null): PassengerRequest {
  return {
    id: request.id,
    trip_id: request.trip_id,
    user_id: request.user_id,
    request_state: request.request_state,
    state: request.request_state,
    user: toTripUser(request.user),
    created_at: toWireDateTime(request.created_at),
    updated_at: toWireDateTime(request.updated_at),
    payment_status: request.payment_status,
    ...(request.trip ? { trip: toWireTrip(request.trip, viewer) } : {}),
  };
}

/**
 * A seat payment for the transactions table. `created_at` is when it was last tried (paid or
 * refused), `user` who pays, `trip` with its driver and seat price; the amount charged is
 * `amount_cents`. Dates as the provider's raw models serialise them (ISO 8601, UTC).
 */
export function toWireTransaction(payment: PaymentWithTrip): Transaction {
  return {
    id: payment.id,
    created_at: toModelDateTime(payment.updated_at),
    trip_id: payment.trip_id,
    user_id: payment.user_id,
    passenger_id: payment.passenger_id,
    user: { id: payment.user.id, name: payment.user.name, image: payment.user.image },
    trip: {
      id: payment.trip.id,
      from_town: payment.trip.from_town,
      to_town: payment.trip.to_town,
      trip_date: toModelDateTime(payment.trip.trip_date),
      seat_price_cents: payment.trip.seat_price_cents,
      user: { id: payment.trip.user.id, name: payment.trip.user.name, image: payment.trip.user.image },
    },
    amount_cents: payment.amount_cents,
    payment_status: payment.payment_status,
    payment_info: parseInfo(payment.payment_info),
  };
}
