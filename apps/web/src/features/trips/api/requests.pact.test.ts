import { MatchersV3 } from '@pact-foundation/pact';
import { REQUEST_STATES, endpoints, type PassengerRequest, type Trip } from '@carpool/contracts';
import { describe, expect, it } from 'vitest';
import type { ApiError } from '@/lib/api-client';
import { authHeaders, createPact, errorBody, exampleTrip, loggedInClient, tripMatcher } from '@/testing/pact';
import { exampleRequest, exampleTransaction, requestMatcher, transactionMatcher, tripPassengerMatcher } from '@/testing/pact-booking';
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

/** A trip as its lists attach it, with the passenger's request among the trip's passengers when it holds a seat. */
const tripWith = (request: PassengerRequest): Trip => ({
  ...exampleTrip,
  seats_available: request.request_state === 0 ? 3 : 2,
  passenger_count: request.request_state === 0 ? 0 : 1,
  passengerPending_count: request.request_state === 0 ? 1 : 0,
  request_count: 1,
  passenger:
    request.request_state === 0
      ? []
      : [{ ...request.user, first_name: request.user.name.split(' ')[0]!, request_id: request.id, request_state: request.request_state }],
});

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
      .willRespondWith(200, (builder) => builder.jsonBody({ data: requestMatcher(exampleRequest, { state: REQUEST_STATES.pending }) }))
      .executeTest(async (server) => {
        const { data: request } = await loggedInClient(server).call(endpoints.requests.create, { params: { id: tripId } });
        expect(request.request_state).toBe(REQUEST_STATES.pending);
        expect(request.user.name).toBe(exampleTripUser.name);
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
      });
  });

  it("lists the pending requests on the driver's trips, with their trips", async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'conductor@carpool.ar' })
      .given('a seat request on a trip of the demo driver', seatRequest(REQUEST_STATES.pending))
      .uponReceiving("a request for the pending requests on the user's trips")
      .withRequest('GET', '/api/users/requests', (builder) => builder.headers(authHeaders))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          data: MatchersV3.eachLike(requestMatcher(exampleRequest, { state: 0, trip: tripMatcher(tripWith(exampleRequest)) }), 1),
        }),
      )
      .executeTest(async (server) => {
        const { data } = await loggedInClient(server).call(endpoints.requests.pending);
        expect(data[0]?.trip?.to_town).toBe('Rosario');
      });
  });

  it('lists the seats waiting for payment, with their trips', async () => {
    const toPay: PassengerRequest = { ...exampleRequest, request_state: REQUEST_STATES.waitingPayment };
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'pasajera@carpool.ar' })
      .given('a seat request on a trip of the demo driver', seatRequest(REQUEST_STATES.waitingPayment))
      .uponReceiving('a request for the seats waiting for payment')
      .withRequest('GET', '/api/users/payment-pending', (builder) => builder.headers(authHeaders))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          data: MatchersV3.eachLike(
            requestMatcher(toPay, {
              state: REQUEST_STATES.waitingPayment,
              trip: tripMatcher(tripWith(toPay), { passenger: MatchersV3.eachLike(tripPassengerMatcher(REQUEST_STATES.waitingPayment), 1) }),
            }),
            1,
          ),
        }),
      )
      .executeTest(async (server) => {
        const { data } = await loggedInClient(server).call(endpoints.requests.paymentPending);
        expect(data[0]?.request_state).toBe(REQUEST_STATES.waitingPayment);
        expect(data[0]?.trip?.seat_price_cents).toBeGreaterThan(0);
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
        builder.jsonBody({ data: requestMatcher({ ...exampleRequest, request_state: 1 }, { state: REQUEST_STATES.accepted }) }),
      )
      .executeTest(async (server) => {
        const { data } = await loggedInClient(server).call(endpoints.requests.accept, { params: { tripId, userId } });
        expect(data.request_state).toBe(REQUEST_STATES.accepted);
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
        builder.jsonBody({ data: requestMatcher({ ...exampleRequest, request_state: 2 }, { state: REQUEST_STATES.rejected }) }),
      )
      .executeTest(async (server) => {
        const { data } = await loggedInClient(server).call(endpoints.requests.reject, { params: { tripId, userId } });
        expect(data.request_state).toBe(REQUEST_STATES.rejected);
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
        builder.jsonBody({ data: requestMatcher({ ...exampleRequest, request_state: 3 }, { state: REQUEST_STATES.cancelled }) }),
      )
      .executeTest(async (server) => {
        const { data } = await loggedInClient(server).call(endpoints.requests.cancel, { params: { tripId, userId } });
        expect(data.request_state).toBe(REQUEST_STATES.cancelled);
      });
  });

  it("lists a trip's passengers", async () => {
    const aboard: PassengerRequest = { ...exampleRequest, request_state: REQUEST_STATES.accepted };
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
        expect(data[0]?.request_state).toBe(REQUEST_STATES.accepted);
      });
  });

  it('lists the seat payments', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'pasajera@carpool.ar' })
      .given('the passenger paid a seat on a trip of the demo driver', {
        email: 'pasajera@carpool.ar',
        date: exampleTrip.trip_date,
        cardNumber: 'XXXX-4242',
      })
      .uponReceiving('a request for the transactions')
      .withRequest('GET', '/api/trips/transactions', (builder) => builder.headers(authHeaders))
      .willRespondWith(200, (builder) => builder.jsonBody({ data: MatchersV3.eachLike(transactionMatcher(), 1) }))
      .executeTest(async (server) => {
        const { data } = await loggedInClient(server).call(endpoints.requests.transactions);
        expect(data[0]?.payment_status).toBe('ok');
        expect(data[0]?.payment_info?.cardDetail?.cardNumber).toBe(exampleTransaction.payment_info?.cardDetail?.cardNumber);
      });
  });
});
