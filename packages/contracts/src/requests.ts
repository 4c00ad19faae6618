import { z } from 'zod';
import { DateTimeStringSchema, IdSchema, ModelDateTimeSchema, dataOf, pathId } from './common';
import { defineEndpoint } from './endpoint';
import { ErrorBodySchema } from './errors';
import { TripSchema, TripUserSchema } from './trips';

// REQUEST_STATES and the row readers live in modules without zod so the web app's first load can read them.
export { REQUEST_STATES, type RequestState } from './constants';
export { requestStateOf, requesterIdOf } from './request-rows';

const RequestStateNumberSchema = z.number().int().min(0).max(4);

const requestFields = {
  id: IdSchema,
  trip_id: IdSchema,
  /** mock: the provider's rows name the requester by `user` only. */
  user_id: IdSchema.optional(),
  /** The request state as the provider's rows name it (PassengerTransformer). */
  state: RequestStateNumberSchema.optional(),
  /** The same state by its column name: the mock's rows and the provider's raw answers. */
  request_state: RequestStateNumberSchema.optional(),
  user: TripUserSchema,
  created_at: DateTimeStringSchema.optional(),
  updated_at: DateTimeStringSchema.optional(),
  /** 'ok' once the seat is paid, 'failed' after a refused payment, null before any attempt. */
  payment_status: z.string().nullable().optional(),
  /**
   * mock: the pending lists carry the row's trip. The provider's rows name it by `trip_id` only
   * (PassengerTransformer), so clients find the trip by that id (my trips, or GET /api/trips/:id).
   */
  trip: TripSchema.optional(),
};

const hasState = (row: { state?: number; request_state?: number }) => row.state !== undefined || row.request_state !== undefined;

/**
 * A seat request (trip_passengers row) of the request lists. The provider sends
 * `{id, trip_id, created_at, state, user}`; the mock adds `user_id` and `request_state` (and, in the
 * pending lists, `trip`). Read them with `requestStateOf` and `requesterIdOf`.
 */
export const PassengerRequestSchema = z.object(requestFields).loose().refine(hasState, 'state or request_state is required.');
export type PassengerRequest = z.infer<typeof PassengerRequestSchema>;

/**
 * The request a create, accept, reject or cancel answers: the provider sends its raw row
 * (`user_id`, `request_state`, no `user`), the mock the list row.
 */
export const SeatRequestAnswerSchema = z
  .object({ ...requestFields, user: TripUserSchema.optional() })
  .loose()
  .refine(hasState, 'state or request_state is required.')
  .refine((row) => row.user !== undefined || row.user_id !== undefined, 'user or user_id is required.');
export type SeatRequestAnswer = z.infer<typeof SeatRequestAnswerSchema>;

/** The trip of a transaction: the table shows its driver, destination and seat price. */
export const TransactionTripSchema = z
  .object({
    id: IdSchema,
    from_town: z.string(),
    to_town: z.string(),
    /** The provider's trip model casts it: ISO 8601 (ours too); 'YYYY-MM-DD HH:mm:ss' also read. */
    trip_date: ModelDateTimeSchema,
    seat_price_cents: z.number().int().nonnegative(),
    user: z.object({ id: IdSchema, name: z.string() }).loose(),
  })
  .loose();

/** What the payment page stored; the card's last digits show on 'transaccionOkConTarjeta'. */
export const PaymentInfoSchema = z
  .object({ cardDetail: z.object({ cardNumber: z.string() }).loose().optional() })
  .loose();

/**
 * A paid (or attempted) seat: the passenger's request with its payment. The table shows date,
 * description (driven or travelled with whom, to where), amount (trip seat price) and status.
 */
export const TransactionSchema = z
  .object({
    id: IdSchema,
    /** ISO 8601, the provider's raw passenger row (ours too); 'YYYY-MM-DD HH:mm:ss' also read. */
    created_at: ModelDateTimeSchema,
    trip_id: IdSchema.optional(),
    user_id: IdSchema,
    user: z.object({ id: IdSchema, name: z.string() }).loose(),
    /** The seat request paid for. */
    passenger_id: IdSchema.nullable().optional(),
    trip: TransactionTripSchema,
    /** What was charged (the seat price when the seat was accepted), in cents. */
    amount_cents: z.number().int().nonnegative().optional(),
    /** 'ok' when paid; anything else shows 'transaccionNoCompletada'. */
    payment_status: z.string().nullable(),
    payment_info: PaymentInfoSchema.nullable(),
  })
  .loose();
export type Transaction = z.infer<typeof TransactionSchema>;

const requestList = dataOf(z.array(PassengerRequestSchema));
const requestAnswer = dataOf(SeatRequestAnswerSchema);
const errors = { 401: ErrorBodySchema, 422: ErrorBodySchema };
const decisionParams = z.object({ tripId: pathId(), userId: pathId() });

export const requestEndpoints = {
  paymentPending: defineEndpoint({
    method: 'GET',
    path: '/api/users/payment-pending',
    summary: "The current user's accepted requests waiting for payment (state 4)",
    description:
      'Upcoming, not deleted trips only, latest first. The provider names each trip by trip_id only (the ' +
      'mock adds the trip). Each card pays at {host}/transbank?tp_id=<id> ' +
      'or cancels with POST /api/trips/{trip_id}/requests/{user_id}/cancel.',
    auth: 'user',
    responses: { 200: requestList, 401: ErrorBodySchema },
  }),
  pending: defineEndpoint({
    method: 'GET',
    path: '/api/users/requests',
    summary: "Pending requests (state 0) on the current user's trips",
    description: 'Upcoming, not deleted trips only, oldest request first. The provider names each trip by trip_id only (the mock adds the trip).',
    auth: 'user',
    responses: { 200: requestList, 401: ErrorBodySchema },
  }),
  ofTrip: defineEndpoint({
    method: 'GET',
    path: '/api/trips/:id/requests',
    summary: 'Pending requests of one trip (owner only)',
    description: 'Oldest first, without the trip. Another user gets 422 access_denied; a missing trip trip_not_foound.',
    auth: 'user',
    params: z.object({ id: pathId() }),
    responses: { 200: requestList, ...errors },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/trips/:id/requests',
    summary: 'Request a seat (empty body)',
    description:
      'data.request_state: 0 sent, 1 already on the trip (the driver auto-accepts), 4 accepted but the ' +
      'seat must be paid first (module_trip_seats_payment; the client opens {host}/transbank?tp_id=data.id). ' +
      'A duplicate open request (0, 1 or 4) is ignored: the answer is that request. With seat payment on, a ' +
      'free seat (seat_price_cents 0) is accepted straight to 1. Errors (422): access_denied (own trip, ' +
      "expired, or a passenger's trip looking for a driver), trip_not_foound (missing, deleted, hidden, " +
      'cancelled, unpaid or outside the viewer\'s friendship reach), user_has_reach_request_limit (as a ' +
      "list: pending requests plus the trip's private chats the driver has not answered reached the driver's " +
      'unaswered_messages_limit > 0), user_has_another_similar_trip (already in state 1 or 4 on another ' +
      'trip to the same destination leaving within ±2 h), not_seat_available (auto-accept and no seat left; ' +
      'no request is kept).',
    auth: 'user',
    params: z.object({ id: pathId() }),
    responses: { 200: requestAnswer, ...errors },
  }),
  accept: defineEndpoint({
    method: 'POST',
    path: '/api/trips/:tripId/requests/:userId/accept',
    summary: "Accept userId's pending request (trip owner)",
    description:
      'Also the spec\'s "passenger accept by the trip owner" (path not shown there): the same path, as the ' +
      'provider does. With module_trip_seats_payment the request goes to state 4, else 1; other pending ' +
      'requests of that passenger to the same destination within ±2 h are cancelled (state 3). The seat is ' +
      'taken atomically: concurrent accepts never overbook. Errors (422): not_seat_available, ' +
      'not_valid_request (no pending request, or not the owner), trip_expired (the trip has left), ' +
      'user_has_another_similar_trip, trip_not_foound.',
    auth: 'user',
    params: decisionParams,
    responses: { 200: requestAnswer, ...errors },
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: '/api/trips/:tripId/requests/:userId/cancel',
    summary: 'Withdraw a request, leave a trip, or (owner) remove a passenger',
    description:
      'Also the spec\'s "passenger cancel by the trip owner" (path not shown there): the same path, as the ' +
      'provider does. The passenger cancels their own pending, accepted or waiting-for-payment request; ' +
      'the owner removes an active passenger (state 1 or 4). Either way the request ends in state 3 and ' +
      'an active passenger frees a seat (an unpaid seat payment is cancelled). Errors (422): ' +
      'not_a_passenger (no such request, or the owner on a pending one: use reject), access_denied (neither ' +
      'the requester nor the owner), trip_expired (a passenger in state 1 or 4 once the trip has left), ' +
      'trip_not_foound.',
    auth: 'user',
    params: decisionParams,
    responses: { 200: requestAnswer, ...errors },
  }),
  reject: defineEndpoint({
    method: 'POST',
    path: '/api/trips/:tripId/requests/:userId/reject',
    summary: "Reject userId's pending request (trip owner)",
    description: 'No pending request, or not the owner: 422 not_valid_request.',
    auth: 'user',
    params: decisionParams,
    responses: { 200: requestAnswer, ...errors },
  }),
  passengers: defineEndpoint({
    method: 'GET',
    path: '/api/trips/:tripId/passengers',
    summary: "A trip's active passengers: accepted (1) and waiting for payment (4)",
    description:
      'The owner\'s lists "Pasajeros subidos" and "Pasajeros pendiente de pago". Path not shown in the ' +
      "spec; the provider's path. The owner, the trip's passengers (1 or 4) and admins; others 422 " +
      'access_denied. Oldest first.',
    auth: 'user',
    params: z.object({ tripId: pathId() }),
    responses: { 200: requestList, ...errors },
  }),
  transactions: defineEndpoint({
    method: 'GET',
    path: '/api/trips/transactions',
    summary: "Seat payments of the current user's departed trips, as passenger or as driver",
    description:
      'A bare JSON array, as the provider answers (PassengersManager::transactions; its client assigns the ' +
      'body to its table). Trips already departed and not deleted only (PassengersRepository::' +
      'tripsWithTransactions). Tried payments only (payment_status ok or failed), latest first; created_at ' +
      '(ISO 8601) is when it was last tried. ' +
      "Status texts: ok with payment_info.cardDetail.cardNumber → 'transaccionOkConTarjeta', ok → " +
      "'transaccionOk', anything else → 'transaccionNoCompletada'.",
    auth: 'user',
    responses: { 200: z.array(TransactionSchema), 401: ErrorBodySchema },
  }),
};
