import { describe, expect, it } from 'vitest';
import { PassengerRequestSchema, SeatRequestAnswerSchema, requestStateOf, requesterIdOf } from './requests';
import { TripSchema } from './trips';

const driver = { id: 2, name: 'Martín Gómez', image: 'a.jpg', positive_ratings: 3, negative_ratings: 0 };

/** A trip as the provider's TripTransformer sends it to a guest: no user, no mock-only fields. */
const providerTrip = {
  id: 10,
  from_town: 'Buenos Aires',
  to_town: 'Rosario',
  trip_date: '2026-12-04 09:00:00',
  estimated_time: '03:45',
  distance: 300000,
  description: 'Salgo temprano.',
  total_seats: 5,
  seats_available: 5,
  passenger_count: 0,
  is_passenger: 0,
  friendship_type_id: 2,
  allow_kids: 1,
  allow_smoking: 0,
  allow_animals: 0,
  points: [],
  passenger: [],
  request: '',
  seat_price_cents: 0,
  recommended_trip_price_cents: 0,
  payment_id: null,
  state: 'ready',
  needs_sellado: 0,
  sellado_pending: false,
  sellado_pending_label: null,
  updated_at: '2026-11-20 10:00:00',
};

describe("the provider's trip and seat-request shapes", () => {
  it('reads a trip without user_id, co2, counts, hidden or deleted, and with 5 seats', () => {
    expect(TripSchema.safeParse(providerTrip).success).toBe(true);
    const loggedIn = { ...providerTrip, user: driver, deleted: true, seat_request_limit: 3, seat_request_limit_reached: true, driver_is_friend: false };
    expect(TripSchema.parse(loggedIn)).toMatchObject({ seat_request_limit_reached: true, deleted: true });
  });

  it('still refuses what no provider sends: 6 seats, a missing trip_date', () => {
    expect(TripSchema.safeParse({ ...providerTrip, total_seats: 6 }).success).toBe(false);
    const { trip_date: _date, ...undated } = providerTrip;
    expect(TripSchema.safeParse(undated).success).toBe(false);
  });

  it("reads the provider's request rows (state, user) and the mock's (request_state, user_id) alike", () => {
    const providerRow = PassengerRequestSchema.parse({ id: 5, trip_id: 10, created_at: '2026-11-22 12:00:00', state: 4, user: { ...driver, id: 9 } });
    const mockRow = PassengerRequestSchema.parse({ id: 5, trip_id: 10, user_id: 9, request_state: 4, user: { ...driver, id: 9 } });
    for (const row of [providerRow, mockRow]) expect([requestStateOf(row), requesterIdOf(row)]).toEqual([4, 9]);
    expect(PassengerRequestSchema.safeParse({ id: 5, trip_id: 10, user: driver }).success).toBe(false);
  });

  it('reads the raw row a create answers (no user), but not one that names nobody', () => {
    expect(requesterIdOf(SeatRequestAnswerSchema.parse({ id: 5, trip_id: 10, user_id: 9, request_state: 0 }))).toBe(9);
    expect(SeatRequestAnswerSchema.safeParse({ id: 5, trip_id: 10, request_state: 0 }).success).toBe(false);
  });
});
