import { endpoints, LENGTHS } from '@carpool/contracts';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DEMO, bearer, build, expectContract, login } from '../../test/helper';

const call = (app: FastifyInstance, token: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

describe('cars', () => {
  it('lists, adds, shows, changes and removes the caller\'s cars', async () => {
    const app = await build();
    const token = await login(app, DEMO.driver);
    const list = expectContract(endpoints.cars.list, await call(app, token, 'GET', '/api/cars'));
    expect(list.data.map((car) => car.patente)).toEqual(['AB 123 CD']);

    const created = await call(app, token, 'POST', '/api/cars', { patente: '  AE 987 FG ', description: 'Renault Kangoo blanca' });
    expect(created.statusCode, created.body).toBe(200);
    const car = expectContract(endpoints.cars.create, created).data;
    expect(car).toMatchObject({ patente: 'AE 987 FG', description: 'Renault Kangoo blanca' });

    expect(expectContract(endpoints.cars.show, await call(app, token, 'GET', `/api/cars/${car.id}`)).data).toEqual(car);
    const changed = await call(app, token, 'PUT', `/api/cars/${car.id}`, { patente: 'AE 987 FH', description: 'Renault Kangoo gris' });
    expect(expectContract(endpoints.cars.update, changed).data).toMatchObject({ id: car.id, patente: 'AE 987 FH' });

    const removed = await call(app, token, 'DELETE', `/api/cars/${car.id}`);
    expect(expectContract(endpoints.cars.delete, removed)).toEqual({ data: 'ok' });
    expect((await call(app, token, 'GET', `/api/cars/${car.id}`)).json().errors.error).toBe('car_not_found');
    expect((await call(app, token, 'GET', '/api/cars')).json().data).toHaveLength(1);
  });

  it('keeps the trips of a removed car, without a car', async () => {
    const app = await build();
    const token = await login(app, DEMO.driver);
    const [car] = (await call(app, token, 'GET', '/api/cars')).json().data;
    const trips = await app.db.trip.count({ where: { car_id: car.id } });
    expect(trips).toBeGreaterThan(0);
    expect((await call(app, token, 'DELETE', `/api/cars/${car.id}`)).statusCode).toBe(200);
    expect(await app.db.trip.count({ where: { car_id: car.id } })).toBe(0);
    expect(await app.db.trip.count({ where: { user: { email: DEMO.driver.email }, car_id: null } })).toBeGreaterThanOrEqual(trips);
  });

  it("answers car_not_found for another user's car, which stays as it was", async () => {
    const app = await build();
    const driverCar = await app.db.car.findFirstOrThrow({ where: { user: { email: DEMO.driver.email } } });
    const token = await login(app, DEMO.passenger);
    for (const [method, payload] of [['GET'], ['PUT', { patente: 'XX 000 XX', description: 'mío' }], ['DELETE']] as const) {
      const response = await call(app, token, method, `/api/cars/${driverCar.id}`, payload);
      expect(response.statusCode, method).toBe(422);
      expect(response.json()).toEqual({ message: 'El auto no existe.', errors: { error: 'car_not_found' } });
    }
    expect(await app.db.car.findUniqueOrThrow({ where: { id: driverCar.id } })).toEqual(driverCar);
    expect((await call(app, token, 'GET', '/api/cars/999999')).json().errors.error).toBe('car_not_found');
  });

  it('refuses a plate above 20 characters, missing fields and wrong types', async () => {
    const app = await build();
    const token = await login(app, DEMO.driver);
    const before = await app.db.car.count();
    const long = await call(app, token, 'POST', '/api/cars', { patente: 'x'.repeat(LENGTHS.patente + 1), description: 'auto' });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({ patente: ['La patente no puede tener más de 20 caracteres'] });
    const missing = await call(app, token, 'POST', '/api/cars', { patente: 'AB 000 CD' });
    expect(Object.keys(missing.json().errors)).toEqual(['description']);
    const wrongType = await call(app, token, 'POST', '/api/cars', { patente: 42, description: true });
    expect(Object.keys(wrongType.json().errors).sort()).toEqual(['description', 'patente']);
    expect(await app.db.car.count()).toBe(before);
  });

  it('needs a session', async () => {
    const app = await build();
    for (const [method, url] of [['GET', '/api/cars'], ['POST', '/api/cars'], ['GET', '/api/cars/1'], ['PUT', '/api/cars/1'], ['DELETE', '/api/cars/1']] as const) {
      expect((await call(app, null, method, url)).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
