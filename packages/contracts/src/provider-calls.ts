import { z } from 'zod';
import { DateTimeStringSchema, IdSchema } from './common';
import { defineEndpoint } from './endpoint';
import { ErrorBodySchema } from './errors';
import { pageQuery, paginated } from './pagination';
import { TripSchema } from './trips';

/**
 * Calls the provider's own clients make (routes/api.php) that the spec does not list. The mock
 * answers them as the provider does, so those clients start against it (API-NOTES, "Provider shapes").
 */

/** One of the caller's seat requests (the provider's PassengerSeatRequestTransformer). */
export const SeatRequestSchema = z
  .object({
    id: IdSchema,
    trip_id: IdSchema,
    request_state: z.number().int().min(0).max(4),
    created_at: DateTimeStringSchema,
    trip: TripSchema,
  })
  .loose();
export type SeatRequest = z.infer<typeof SeatRequestSchema>;

export const OngoingTripSchema = z.object({ data: TripSchema.nullable() });

export const userProviderEndpoints = {
  seatRequests: defineEndpoint({
    method: 'GET',
    path: '/api/users/seat-requests',
    summary: "The caller's own seat requests with their trips (provider call; not in the spec)",
    description:
      'Provider: UserController@seatRequests with PassengerSeatRequestTransformer, a fractal collection of ' +
      '{id, trip_id, request_state, created_at, trip}. mock: requests in states 0 (pending), 1 (accepted) and ' +
      '4 (waiting for payment) on trips not deleted and not yet departed, newest request first, 20 a page.',
    auth: 'user',
    query: pageQuery(),
    responses: { 200: paginated(SeatRequestSchema), 401: ErrorBodySchema, 422: ErrorBodySchema },
  }),
  ongoingTrip: defineEndpoint({
    method: 'GET',
    path: '/api/users/ongoing-trip',
    summary: 'The trip the caller is on right now, or {data: null} (provider call; not in the spec)',
    description:
      'Provider: {data: null} or the trip under way. mock: a trip (not deleted or cancelled) the caller drives ' +
      'or is accepted on (state 1), that has departed and whose estimated_time (HH:MM; 0 counts as one hour) has ' +
      'not yet passed; the latest departure when there are several.',
    auth: 'user',
    responses: { 200: OngoingTripSchema, 401: ErrorBodySchema },
  }),
};
