import { MatchersV3 } from '@pact-foundation/pact';
import { REQUEST_STATES, endpoints, requestStateOf, type Trip } from '@carpool/contracts';
import { describe, expect, it } from 'vitest';
import type { ApiError } from '@/lib/api-client';
import { authHeaders, createPact, errorBody, exampleTrip, loggedInClient, tripMatcher } from '@/testing/pact';
import {
  exampleRequest,
  exampleTransaction,
  requestAnswerMatcher,
  requestIn,
  requestMatcher,
  transactionMatcher,
} from '@/testing/pact-booking';
import { exampleTripUser } from '@/testing/pact-users';

const pact = createPact();
const tripId = exampleTrip.id;
const userId = exampleTripUser.id;
/** The demo passenger's request on a trip of the demo driver, in a given state (the provider makes both). */
const seatRequest = (state: number, extra: Record<string, unknown> = {}) => ({
  email: 'pasajera@carpool.ar',
  state,
  date: exampleTrip.trip_date,
  ...extra,
});
const decisionPath = (decision: 'accept' | 'reject' | 'cancel') =>
  MatchersV3.fromProviderState(
    `/api/trips/\${tripId}/requests/\${userId}/${decision}`,
    `/api/trips/${tripId}/requests/${userId}/${decision}`,
  );

/** The demo driver's trip with the demo passenger's request still pending (no seat taken). */
const tripWithPendingRequest: Trip = { ...exampleTrip, passengerPending_count: 1 };

describe('seat requests (consumer)', () => {
  it('asks for a seat', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'pasajera@carpool.ar' })
      .given('a trip of the demo driver', { date: exampleTrip.trip_date })
      .given('the passenger has no other seat requests', { email: 'pasajera@carpool.ar' })
      .uponReceiving('a seat request')
      .withRequest('POST', MatchersV3.fromProviderState('/api/trips/${tripId}/requests', `/api/trips/${tripId}/requests`), (builder) =>
        builder.headers(authHeaders),
      )
      .willRespondWith(200, (builder) => builder.jsonBody({ data: requestAnswerMatcher(REQUEST_STATES.pending) }))
      .executeTest(async (server) => {
        const { data: request } = await loggedInClient(server).call(endpoints.requests.create, { params: { id: tripId } });
        expect(requestStateOf(request)).toBe(REQUEST_STATES.pending);
      });
  });

  it("lists a trip's pending requests for its driver", async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'conductor@carpool.ar' })
      .given('a seat request on a trip of the demo driver', seatRequest(REQUEST_STATES.pending))
      .uponReceiving("a request for a trip's pending requests")
      .withRequest('GET', MatchersV3.fromProviderState('/api/trips/${tripId}/requests', `/api/trips/${tripId}/requests`), (builder) =>
        builder.headers(authHeaders),
      )
      .willRespondWith(200, (builder) => builder.jsonBody({ data: MatchersV3.eachLike(requestMatcher(exampleRequest, { state: 0 }), 1) }))
      .executeTest(async (server) => {
        const { data } = await loggedInClient(server).call(endpoints.requests.ofTrip, { params: { id: tripId } });
        expect(data[0]?.user.name).toBe(exampleTripUser.name);
        expect(requestStateOf(data[0]!)).toBe(REQUEST_STATES.pending);
      });
  });

  // The provider's rows carry no trip (PassengerTransformer): my trips finds it by trip_id.
  it("lists the pending requests on the driver's trips", async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'conductor@carpool.ar' })
      .given('a seat request on a trip of the demo driver', seatRequest(REQUEST_STATES.pending))
      .uponReceiving("a request for the pending requests on the user's trips")
      .withRequest('GET', '/api/users/requests', (builder) => builder.headers(authHeaders))
      .willRespondWith(200, (builder) => builder.jsonBody({ data: MatchersV3.eachLike(requestMatcher(exampleRequest, { state: 0 }), 1) }))
      .executeTest(async (server) => {
        const { data } = await loggedInClient(server).call(endpoints.requests.pending);
        expect(data[0]).toMatchObject({ trip_id: tripId, user: { name: exampleTripUser.name } });
        expect(requestStateOf(data[0]!)).toBe(REQUEST_STATES.pending);
      });
  });

  it('lists the seats waiting for payment', async () => {
    const toPay = requestIn(REQUEST_STATES.waitingPayment);
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'pasajera@carpool.ar' })
      .given('a seat request on a trip of the demo driver', seatRequest(REQUEST_STATES.waitingPayment))
      .uponReceiving('a request for the seats waiting for payment')
      .withRequest('GET', '/api/users/payment-pending', (builder) => builder.headers(authHeaders))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({ data: MatchersV3.eachLike(requestMatcher(toPay, { state: REQUEST_STATES.waitingPayment }), 1) }),
      )
      .executeTest(async (server) => {
        const { data } = await loggedInClient(server).call(endpoints.requests.paymentPending);
        // The card pays with the row's id and shows the trip of trip_id (GET /api/trips/:id).
        expect(data[0]).toMatchObject({ id: toPay.id, trip_id: tripId });
        expect(requestStateOf(data[0]!)).toBe(REQUEST_STATES.waitingPayment);
      });
  });

  it('accepts a pending request', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'conductor@carpool.ar' })
      .given('a seat request on a trip of the demo driver', seatRequest(REQUEST_STATES.pending))
      .uponReceiving('an acceptance of a pending request')
      .withRequest('POST', decisionPath('accept'), (builder) => builder.headers(authHeaders))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({ data: requestAnswerMatcher(REQUEST_STATES.accepted) }),
      )
      .executeTest(async (server) => {
        const { data } = await loggedInClient(server).call(endpoints.requests.accept, { params: { tripId, userId } });
        expect(requestStateOf(data)).toBe(REQUEST_STATES.accepted);
      });
  });

  it('is told when no seat is left to accept a request', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'conductor@carpool.ar' })
      .given('a seat request on a trip of the demo driver', seatRequest(REQUEST_STATES.pending, { seats: 1, othersAboard: 1 }))
      .uponReceiving('an acceptance on a full trip')
      .withRequest('POST', decisionPath('accept'), (builder) => builder.headers(authHeaders))
      .willRespondWith(422, (builder) => builder.jsonBody(errorBody('not_seat_available')))
      .executeTest(async (server) => {
        const error = await loggedInClient(server)
          .call(endpoints.requests.accept, { params: { tripId, userId } })
          .catch((caught: ApiError) => caught);
        expect(error).toMatchObject({ status: 422, code: 'not_seat_available' });
      });
  });

  it('rejects a pending request', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'conductor@carpool.ar' })
      .given('a seat request on a trip of the demo driver', seatRequest(REQUEST_STATES.pending))
      .uponReceiving('a rejection of a pending request')
      .withRequest('POST', decisionPath('reject'), (builder) => builder.headers(authHeaders))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({ data: requestAnswerMatcher(REQUEST_STATES.rejected) }),
      )
      .executeTest(async (server) => {
        const { data } = await loggedInClient(server).call(endpoints.requests.reject, { params: { tripId, userId } });
        expect(requestStateOf(data)).toBe(REQUEST_STATES.rejected);
      });
  });

  it('withdraws the own pending request', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'pasajera@carpool.ar' })
      .given('a seat request on a trip of the demo driver', seatRequest(REQUEST_STATES.pending))
      .uponReceiving('a cancellation of the own pending request')
      .withRequest('POST', decisionPath('cancel'), (builder) => builder.headers(authHeaders))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({ data: requestAnswerMatcher(REQUEST_STATES.cancelled) }),
      )
      .executeTest(async (server) => {
        const { data } = await loggedInClient(server).call(endpoints.requests.cancel, { params: { tripId, userId } });
        expect(requestStateOf(data)).toBe(REQUEST_STATES.cancelled);
      });
  });

  it("lists a trip's passengers", async () => {
    const aboard = requestIn(REQUEST_STATES.accepted);
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'conductor@carpool.ar' })
      .given('a seat request on a trip of the demo driver', seatRequest(REQUEST_STATES.accepted))
      .uponReceiving("a request for a trip's passengers")
      .withRequest('GET', MatchersV3.fromProviderState('/api/trips/${tripId}/passengers', `/api/trips/${tripId}/passengers`), (builder) =>
        builder.headers(authHeaders),
      )
      .willRespondWith(200, (builder) => builder.jsonBody({ data: MatchersV3.eachLike(requestMatcher(aboard), 1) }))
      .executeTest(async (server) => {
        const { data } = await loggedInClient(server).call(endpoints.requests.passengers, { params: { tripId } });
        expect(requestStateOf(data[0]!)).toBe(REQUEST_STATES.accepted);
      });
  });

  it("shows a trip whose seat requests reached the driver's limit", async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'pasajera@carpool.ar' })
      .given('a seat request on a trip of the demo driver', seatRequest(REQUEST_STATES.pending, { requestLimit: 1 }))
      .uponReceiving("a request for a trip at the driver's seat-request limit")
      .withRequest('GET', MatchersV3.fromProviderState('/api/trips/${tripId}', `/api/trips/${tripId}`), (builder) => builder.headers(authHeaders))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          data: tripMatcher(tripWithPendingRequest, {
            request: MatchersV3.equal('send'),
            seat_request_limit: MatchersV3.equal(1),
            seat_request_limit_reached: MatchersV3.equal(true),
            driver_is_friend: MatchersV3.boolean(false),
          }),
        }),
      )
      .executeTest(async (server) => {
        const { data: trip } = await loggedInClient(server).call(endpoints.trips.show, { params: { id: tripId } });
        expect(trip).toMatchObject({ request: 'send', seat_request_limit: 1, seat_request_limit_reached: true });
      });
  });

  it('shows the driver a trip whose creation fee is unpaid', async () => {
    const unpaid: Trip = { ...exampleTrip, state: 'awaiting_payment', needs_sellado: 1, payment_id: 'pact-sellado' };
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'conductor@carpool.ar' })
      .given('a trip of the demo driver waiting for its creation fee', { date: exampleTrip.trip_date })
      .uponReceiving('a request for a trip waiting for its creation fee')
      .withRequest('GET', MatchersV3.fromProviderState('/api/trips/${tripId}', `/api/trips/${tripId}`), (builder) => builder.headers(authHeaders))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          data: tripMatcher(unpaid, {
            state: MatchersV3.equal('awaiting_payment'),
            sellado_pending: MatchersV3.equal(true),
            sellado_pending_label: MatchersV3.equal('Falta pagar Sellado'),
            allPassengerRequest: [],
          }),
        }),
      )
      .executeTest(async (server) => {
        const { data: trip } = await loggedInClient(server).call(endpoints.trips.show, { params: { id: tripId } });
        expect(trip).toMatchObject({ sellado_pending: true, sellado_pending_label: 'Falta pagar Sellado' });
      });
  });

  it('lists the seat payments', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'pasajera@carpool.ar' })
      // The provider lists trips that have left only: the state's trip left two days before its now.
      .given('the passenger paid a seat on a trip of the demo driver', {
        email: 'pasajera@carpool.ar',
        date: '2026-11-20 09:00:00',
        cardNumber: 'XXXX-4242',
      })
      .uponReceiving('a request for the transactions')
      .withRequest('GET', '/api/trips/transactions', (builder) => builder.headers(authHeaders))
      // A bare array, as the provider answers (its client assigns the body to its table).
      .willRespondWith(200, (builder) => builder.jsonBody(MatchersV3.eachLike(transactionMatcher(), 1)))
      .executeTest(async (server) => {
        const data = await loggedInClient(server).call(endpoints.requests.transactions);
        expect(data[0]?.payment_status).toBe('ok');
        expect(data[0]?.trip.trip_date).toBe(exampleTransaction.trip.trip_date);
        expect(data[0]?.payment_info?.cardDetail?.cardNumber).toBe(exampleTransaction.payment_info?.cardDetail?.cardNumber);
      });
  });
});
