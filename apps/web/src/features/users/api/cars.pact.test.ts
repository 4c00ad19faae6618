import { MatchersV3 } from '@pact-foundation/pact';
import { endpoints } from '@carpool/contracts';
import { describe, expect, it } from 'vitest';
import type { ApiError } from '@/lib/api-client';
import { authHeaders, authJsonHeaders, createPact, errorBody, loggedInClient, okBody } from '@/testing/pact';
import { carMatcher, exampleCar } from '@/testing/pact-users';

const pact = createPact();
const carPath = () => MatchersV3.fromProviderState('/api/cars/${carId}', `/api/cars/${exampleCar.id}`);
/** The demo driver's car, as the seed gives it to him. */
const driverCar = { email: 'conductor@carpool.ar', patente: exampleCar.patente, description: exampleCar.description };

describe('cars (consumer)', () => {
  it("lists the user's cars", async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'conductor@carpool.ar' })
      .given('the user has a car', driverCar)
      .uponReceiving("a request for the user's cars")
      .withRequest('GET', '/api/cars', (builder) => builder.headers(authHeaders))
      .willRespondWith(200, (builder) => builder.jsonBody({ data: MatchersV3.eachLike(carMatcher(), 1) }))
      .executeTest(async (server) => {
        const { data } = await loggedInClient(server).call(endpoints.cars.list);
        expect(data[0]?.patente).toBe(exampleCar.patente);
      });
  });

  it('shows a car', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'conductor@carpool.ar' })
      .given('the user has a car', driverCar)
      .uponReceiving('a request for a car')
      .withRequest('GET', carPath(), (builder) => builder.headers(authHeaders))
      .willRespondWith(200, (builder) => builder.jsonBody({ data: carMatcher() }))
      .executeTest(async (server) => {
        const { data } = await loggedInClient(server).call(endpoints.cars.show, { params: { id: exampleCar.id } });
        expect(data.description).toBe(exampleCar.description);
      });
  });

  it("is told when the car is someone else's", async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'pasajera@carpool.ar' })
      .given('the user has a car', driverCar)
      .uponReceiving("a request for another user's car")
      .withRequest('GET', carPath(), (builder) => builder.headers(authHeaders))
      .willRespondWith(422, (builder) => builder.jsonBody(errorBody('car_not_found')))
      .executeTest(async (server) => {
        const error = await loggedInClient(server).call(endpoints.cars.show, { params: { id: exampleCar.id } }).catch((caught: ApiError) => caught);
        expect(error).toMatchObject({ status: 422, code: 'car_not_found' });
      });
  });

  it('adds a car', async () => {
    const body = { patente: 'AE 482 KT', description: 'Fiat Cronos blanco' };
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'pasajera@carpool.ar' })
      .uponReceiving('a new car')
      .withRequest('POST', '/api/cars', (builder) => builder.headers(authJsonHeaders).jsonBody(body))
      .willRespondWith(200, (builder) => builder.jsonBody({ data: carMatcher({ id: 61, user_id: 3, ...body }) }))
      .executeTest(async (server) => {
        const { data } = await loggedInClient(server).call(endpoints.cars.create, { body });
        expect(data.patente).toBe(body.patente);
      });
  });

  it('changes a car', async () => {
    const body = { patente: exampleCar.patente, description: 'Volkswagen Gol Trend gris, con portaequipajes' };
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'conductor@carpool.ar' })
      .given('the user has a car', driverCar)
      .uponReceiving('a change of a car')
      .withRequest('PUT', carPath(), (builder) => builder.headers(authJsonHeaders).jsonBody(body))
      .willRespondWith(200, (builder) => builder.jsonBody({ data: carMatcher({ ...exampleCar, ...body }) }))
      .executeTest(async (server) => {
        const { data } = await loggedInClient(server).call(endpoints.cars.update, { params: { id: exampleCar.id }, body });
        expect(data.description).toBe(body.description);
      });
  });

  it('removes a car', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'conductor@carpool.ar' })
      .given('the user has a car', driverCar)
      .uponReceiving('a deletion of a car')
      .withRequest('DELETE', carPath(), (builder) => builder.headers(authHeaders))
      .willRespondWith(200, (builder) => builder.jsonBody(okBody()))
      .executeTest(async (server) => {
        const answer = await loggedInClient(server).call(endpoints.cars.delete, { params: { id: exampleCar.id } });
        expect(answer.data).toBe('ok');
      });
  });
});
