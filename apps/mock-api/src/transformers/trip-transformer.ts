import type { Trip as WireTrip, TripUser } from '@carpool/contracts';
import type { User } from '@prisma/client';
import { toWireDateTime } from '../lib/dates';
import type { TripWithRelations } from '../repositories/trip-repository';

const flag = (value: boolean): 0 | 1 => (value ? 1 : 0);

/** States 1 (accepted) and 4 (waiting for payment) count as passengers aboard. */
export const ACTIVE_REQUEST_STATES = [1, 4] as const;

export function toTripUser(user: User): TripUser {
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

function parseJson(value: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The provider's trip shape. Counts: passenger_count = active passengers (states 1 and 4),
 * passengerAccepted_count = state 1, passengerPending_count = pending answers (state 0),
 * request_count = every request ever made on the trip.
 */
export function toWireTrip(trip: TripWithRelations, viewerId: number | null): WireTrip {
  const isOwner = viewerId === trip.user_id;
  const requestOf = (p: TripWithRelations['passengers'][number]) => ({
    id: p.id,
    trip_id: p.trip_id,
    user_id: p.user_id,
    request_state: p.request_state,
    user: toTripUser(p.user),
  });
  const active = trip.passengers.filter((p) => (ACTIVE_REQUEST_STATES as readonly number[]).includes(p.request_state));
  const viewerPending = viewerId !== null && trip.passengers.some((p) => p.user_id === viewerId && p.request_state === 0);

  return {
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
    passengerPending_count: trip.passengers.filter((p) => p.request_state === 0).length,
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
    car: trip.car ? { id: trip.car.id, patente: trip.car.patente, description: trip.car.description } : null,
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
    passenger: active.map(requestOf),
    ...(isOwner ? { allPassengerRequest: trip.passengers.map(requestOf) } : {}),
    request: viewerPending ? 'send' : '',
    seat_price_cents: trip.seat_price_cents,
    recommended_trip_price_cents: trip.recommended_trip_price_cents,
    payment_id: trip.payment_id,
    state: trip.state as WireTrip['state'],
    needs_sellado: flag(trip.needs_sellado),
    created_at: toWireDateTime(trip.created_at),
    updated_at: toWireDateTime(trip.updated_at),
  };
}
