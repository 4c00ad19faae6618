import { MatchersV3 } from '@pact-foundation/pact';
import { endpoints, type SubscriptionBody } from '@carpool/contracts';
import { describe, expect, it } from 'vitest';
import type { ApiError } from '@/lib/api-client';
import { authHeaders, authJsonHeaders, createPact, errorBody, loggedInClient, okBody } from '@/testing/pact';
import { exampleSubscription, PLACES, subscriptionMatcher, tripPoint } from '@/testing/pact-search';
import { subscriptionDay } from '../utils/subscription-display';

const pact = createPact();
const subscriptionPath = () =>
  MatchersV3.fromProviderState('/api/subscriptions/${subscriptionId}', `/api/subscriptions/${exampleSubscription.id}`);
/** The demo passenger's saved search Buenos Aires → Rosario, made by the provider state. */
const savedSearch = { email: 'pasajera@carpool.ar', date: '2026-12-05' };

/** The alert the trips home saves from a search Buenos Aires → Rosario on a day. */
const newAlert: SubscriptionBody = {
  trip_date: savedSearch.date,
  from_address: tripPoint(PLACES.buenosAires).address,
  from_lat: PLACES.buenosAires.lat,
  from_lng: PLACES.buenosAires.lng,
  from_radio: 25_000,
  from_id: PLACES.buenosAires.id,
  from_json_address: tripPoint(PLACES.buenosAires).json_address,
  to_address: tripPoint(PLACES.rosario).address,
  to_lat: PLACES.rosario.lat,
  to_lng: PLACES.rosario.lng,
  to_radio: 25_000,
  to_id: PLACES.rosario.id,
  to_json_address: tripPoint(PLACES.rosario).json_address,
  is_passenger: false,
};

describe('saved searches (consumer)', () => {
  it('lists the saved searches', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'pasajera@carpool.ar' })
      .given('the passenger has a saved search', savedSearch)
      .uponReceiving('a request for the saved searches')
      .withRequest('GET', '/api/subscriptions', (builder) => builder.headers(authHeaders))
      .willRespondWith(200, (builder) => builder.jsonBody({ data: MatchersV3.eachLike(subscriptionMatcher(), 1) }))
      .executeTest(async (server) => {
        const { data } = await loggedInClient(server).call(endpoints.subscriptions.list);
        expect(data[0]?.to_address).toContain('Rosario');
      });
  });

  it('shows a saved search', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'pasajera@carpool.ar' })
      .given('the passenger has a saved search', savedSearch)
      .uponReceiving('a request for a saved search')
      .withRequest('GET', subscriptionPath(), (builder) => builder.headers(authHeaders))
      .willRespondWith(200, (builder) => builder.jsonBody({ data: subscriptionMatcher() }))
      .executeTest(async (server) => {
        const { data } = await loggedInClient(server).call(endpoints.subscriptions.show, { params: { id: exampleSubscription.id } });
        // The provider's ISO 8601 instant, read as the Argentine day it names.
        expect(subscriptionDay(data)).toBe(savedSearch.date);
      });
  });

  it('saves a search as an alert', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'pasajera@carpool.ar' })
      .given('the passenger has no saved searches', { email: 'pasajera@carpool.ar' })
      .uponReceiving('a new saved search')
      .withRequest('POST', '/api/subscriptions', (builder) => builder.headers(authJsonHeaders).jsonBody(newAlert))
      .willRespondWith(200, (builder) => builder.jsonBody({ data: subscriptionMatcher() }))
      .executeTest(async (server) => {
        const { data } = await loggedInClient(server).call(endpoints.subscriptions.create, { body: newAlert });
        expect(data.state).toBe(1);
        expect(data.from_id).toBe(PLACES.buenosAires.id);
      });
  });

  it('saves an alert without radii, as the provider allows (the default radius then applies)', async () => {
    const { from_radio: _from, to_radio: _to, ...withoutRadii } = newAlert;
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'pasajera@carpool.ar' })
      .given('the passenger has no saved searches', { email: 'pasajera@carpool.ar' })
      .uponReceiving('a new saved search without radii')
      .withRequest('POST', '/api/subscriptions', (builder) => builder.headers(authJsonHeaders).jsonBody(withoutRadii))
      .willRespondWith(200, (builder) => builder.jsonBody({ data: subscriptionMatcher(exampleSubscription, { from_radio: null, to_radio: null }) }))
      .executeTest(async (server) => {
        const { data } = await loggedInClient(server).call(endpoints.subscriptions.create, { body: withoutRadii });
        expect(data.from_radio).toBeNull();
        expect(subscriptionDay(data)).toBe(savedSearch.date);
      });
  });

  it('is told when the same search is already saved', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'pasajera@carpool.ar' })
      .given('the passenger has a saved search', savedSearch)
      .uponReceiving('a saved search that repeats an active one')
      .withRequest('POST', '/api/subscriptions', (builder) => builder.headers(authJsonHeaders).jsonBody(newAlert))
      .willRespondWith(422, (builder) => builder.jsonBody(errorBody('subscription_exist', { list: true })))
      .executeTest(async (server) => {
        const error = await loggedInClient(server).call(endpoints.subscriptions.create, { body: newAlert }).catch((caught: ApiError) => caught);
        expect(error).toMatchObject({ status: 422, code: 'subscription_exist' });
      });
  });

  it('pauses a saved search', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'pasajera@carpool.ar' })
      .given('the passenger has a saved search', savedSearch)
      .uponReceiving('a saved search switched off')
      .withRequest('PUT', subscriptionPath(), (builder) => builder.headers(authJsonHeaders).jsonBody({ state: false }))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({ data: subscriptionMatcher({ ...exampleSubscription, state: 0 }, { state: MatchersV3.equal(0) }) }),
      )
      .executeTest(async (server) => {
        const { data } = await loggedInClient(server).call(endpoints.subscriptions.update, {
          params: { id: exampleSubscription.id },
          body: { state: false },
        });
        expect(data.state).toBe(0);
      });
  });

  it('deletes a saved search', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'pasajera@carpool.ar' })
      .given('the passenger has a saved search', savedSearch)
      .uponReceiving('a deletion of a saved search')
      .withRequest('DELETE', subscriptionPath(), (builder) => builder.headers(authHeaders))
      .willRespondWith(200, (builder) => builder.jsonBody(okBody()))
      .executeTest(async (server) => {
        const answer = await loggedInClient(server).call(endpoints.subscriptions.delete, { params: { id: exampleSubscription.id } });
        expect(answer.data).toBe('ok');
      });
  });
});
