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

  // What the provider asks of a new car (CarsManager): year, colour, brand and model; the description is
  // nullable. Catalogue ids come from the provider's state.
  const catalogue = { brand: 'the car catalogue has a brand with a model and a colour', params: { model: 'Gol Trend', color: 'Gris' } };
  const catalogueIds = {
    year: 2019,
    car_color_id: MatchersV3.fromProviderState('${colorId}', 4),
    car_brand_id: MatchersV3.fromProviderState('${brandId}', 10),
    car_model_id: MatchersV3.fromProviderState('${modelId}', 52),
  };
  const exampleIds = { year: 2019, car_color_id: 4, car_brand_id: 10, car_model_id: 52 };

  it('adds a car without a description', async () => {
    const body = { patente: 'AE 482 KT', ...exampleIds };
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'pasajera@carpool.ar' })
      .given(catalogue.brand, catalogue.params)
      .uponReceiving('a new car without a description')
      .withRequest('POST', '/api/cars', (builder) => builder.headers(authJsonHeaders).jsonBody({ ...body, ...catalogueIds }))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({ data: carMatcher({ id: 61, user_id: 3, patente: body.patente, description: '', year: 2019, model_name: 'Gol Trend' }) }),
      )
      .executeTest(async (server) => {
        const { data } = await loggedInClient(server).call(endpoints.cars.create, { body });
        expect(data).toMatchObject({ patente: body.patente, description: '' });
      });
  });

  it('changes a car without a description', async () => {
    const body = { patente: exampleCar.patente, ...exampleIds };
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'conductor@carpool.ar' })
      .given('the user has a car', driverCar)
      .given(catalogue.brand, catalogue.params)
      .uponReceiving('a change of a car without a description')
      .withRequest('PUT', carPath(), (builder) => builder.headers(authJsonHeaders).jsonBody({ ...body, ...catalogueIds }))
      .willRespondWith(200, (builder) => builder.jsonBody({ data: carMatcher({ ...exampleCar, description: '', year: 2019, model_name: 'Gol Trend' }) }))
      .executeTest(async (server) => {
        const { data } = await loggedInClient(server).call(endpoints.cars.update, { params: { id: exampleCar.id }, body });
        expect(data.model_name).toBe('Gol Trend');
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
