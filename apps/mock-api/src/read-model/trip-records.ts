import type { Car, Passenger, Trip, TripPoint, User } from '@prisma/client';

// The read model's ground floor: the shapes of what it reads, which the repository's Prisma
// payloads also fit and the transformers map to the wire. It imports nothing of the app.

/** What a trip answer shows of a user. A full Prisma `User` fits. */
export type TripUserRecord = Pick<
  User,
  | 'id' | 'name' | 'image' | 'positive_ratings' | 'negative_ratings' | 'autoaccept_requests' | 'driver_is_verified'
  | 'last_connection' | 'data_visibility' | 'email'
>;

/**
 * A trip with what its answer needs. Prisma's `TripWithRelations` (repositories/trip-repository.ts)
 * fits, and so do the rows the read model decodes (trip-rows.ts).
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
