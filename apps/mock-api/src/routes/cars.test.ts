import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CarColorSchema, endpoints, LENGTHS } from '@carpool/contracts';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { CAR_CATALOGUE, CAR_COLORS, catalogueSlug } from '@carpool/seed/catalogue';
import { repoRoot } from '../config/env';
import { DEMO, bearer, build, expectContract, login } from '../../test/helper';

const call = (app: FastifyInstance, token: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

/** What the provider requires of a new car besides the plate (CarsManager): year, colour, brand and model. */
async function newCarCatalogue(app: FastifyInstance) {
  const model = await app.db.carModel.findFirstOrThrow({ where: { name: 'Kangoo' } });
  const color = await app.db.carColor.findFirstOrThrow();
  return { year: 2019, car_color_id: color.id, car_brand_id: model.brand_id, car_model_id: model.id };
}

describe('cars', () => {
  it('lists, adds, shows, changes and removes the caller\'s cars', async () => {
    const app = await build();
    const token = await login(app, DEMO.driver);
    const list = expectContract(endpoints.cars.list, await call(app, token, 'GET', '/api/cars'));
    expect(list.data.map((car) => car.patente)).toEqual(['AB 123 CD']);

    const created = await call(app, token, 'POST', '/api/cars', { patente: '  AE 987 FG ', description: 'Renault Kangoo blanca', ...(await newCarCatalogue(app)) });
    expect(created.statusCode, created.body).toBe(200);
    const car = expectContract(endpoints.cars.create, created).data;
    expect(car).toMatchObject({ patente: 'AE 987 FG', description: 'Renault Kangoo blanca', year: 2019, brand_name: 'Renault', model_name: 'Kangoo' });

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
    const long = await call(app, token, 'POST', '/api/cars', { patente: 'x'.repeat(LENGTHS.patente + 1), description: 'auto', ...(await newCarCatalogue(app)) });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({ patente: ['La patente no puede tener más de 20 caracteres'] });
    const missing = await call(app, token, 'POST', '/api/cars', { patente: 'AB 000 CD' });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['car_brand_id', 'car_color_id', 'year']);
    const wrongType = await call(app, token, 'POST', '/api/cars', { patente: 42, description: true });
    expect(Object.keys(wrongType.json().errors).sort()).toEqual(['description', 'patente']);
    const future = await call(app, token, 'POST', '/api/cars', { patente: 'AB 000 CD', ...(await newCarCatalogue(app)), year: new Date().getFullYear() + 1 });
    expect(Object.keys(future.json().errors)).toEqual(['year']);
    const both = await call(app, token, 'POST', '/api/cars', { patente: 'AB 000 CD', ...(await newCarCatalogue(app)), brand_other: 'Otra' });
    expect(Object.keys(both.json().errors)).toEqual(['brand_other']);
    const twin = await call(app, token, 'POST', '/api/cars', { patente: 'AB 123 CD', ...(await newCarCatalogue(app)) });
    expect(twin.json().errors).toEqual({ patente: ['The patente has already been taken.'] });
    expect(await app.db.car.count()).toBe(before);
  });

  it('takes a car without a description (the provider: nullable), and asks year and colour on create only', async () => {
    const app = await build();
    const token = await login(app, DEMO.passenger);
    const created = await call(app, token, 'POST', '/api/cars', { patente: 'AF 100 XY', ...(await newCarCatalogue(app)) });
    expect(created.statusCode, created.body).toBe(200);
    const car = expectContract(endpoints.cars.create, created).data;
    expect(car).toMatchObject({ patente: 'AF 100 XY', description: '', year: 2019 });
    const withNull = await call(app, token, 'POST', '/api/cars', { patente: 'AF 100 XZ', description: null, ...(await newCarCatalogue(app)), car_model_id: null, model_other: 'Kangoo Furgón' });
    expect(expectContract(endpoints.cars.create, withNull).data).toMatchObject({ description: '', model_name: 'Kangoo Furgón', car_model_id: null });

    // A change needs only the plate; what is not sent is cleared, as the provider's update does.
    const changed = await call(app, token, 'PUT', `/api/cars/${car.id}`, { patente: 'AF 100 XY', description: null });
    expect(expectContract(endpoints.cars.update, changed).data).toMatchObject({ id: car.id, description: '', year: null, car_color_id: null });
    // Its own plate is not a twin; another car's is.
    const taken = await call(app, token, 'PUT', `/api/cars/${car.id}`, { patente: 'AF 100 XZ' });
    expect(taken.json().errors).toEqual({ patente: ['The patente has already been taken.'] });
  });

  it('needs a session', async () => {
    const app = await build();
    for (const [method, url] of [['GET', '/api/cars'], ['POST', '/api/cars'], ['GET', '/api/cars/1'], ['PUT', '/api/cars/1'], ['DELETE', '/api/cars/1']] as const) {
      expect((await call(app, null, method, url)).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('the car catalogue as the provider sends it (CarCatalogController)', () => {
  it('gives every brand, model and colour its slug; a colour needs no hex', async () => {
    const app = await build();
    const brands = expectContract(endpoints.cars.brands, await call(app, null, 'GET', '/api/car-brands')).data;
    expect(brands.map((brand) => brand.name)).toEqual(Object.keys(CAR_CATALOGUE).sort((a, b) => a.localeCompare(b)));
    expect(brands.find((brand) => brand.name === 'Citroën')).toMatchObject({ slug: 'citroen' });
    const citroen = brands.find((brand) => brand.slug === 'citroen')!;
    const models = expectContract(endpoints.cars.models, await call(app, null, 'GET', `/api/car-brands/${citroen.id}/models`)).data;
    expect(models.map((model) => [model.name, model.slug, model.car_brand_id])).toEqual([
      ['Berlingo', 'berlingo', citroen.id],
      ['C3', 'c3', citroen.id],
      ['C4 Cactus', 'c4-cactus', citroen.id],
    ]);
    const colors = expectContract(endpoints.cars.colors, await call(app, null, 'GET', '/api/car-colors')).data;
    expect(colors.map((color) => color.slug)).toEqual(CAR_COLORS.map((color) => catalogueSlug(color.name)));
    expect(colors.find((color) => color.name === 'Bordó')).toMatchObject({ slug: 'bordo' });
    // The provider's colour carries no hex (its "Otro" stores none): the contract takes it as it comes.
    expect(CarColorSchema.safeParse({ id: 9, name: 'Otro', slug: 'otro' }).success).toBe(true);
    expect(CarColorSchema.safeParse({ id: 9, name: 'Otro' }).success).toBe(false);
  });

  it('answers an unknown brand 404 with only a message, as Laravel\'s route-model binding does; a malformed id 422', async () => {
    const app = await build();
    const unknown = await call(app, null, 'GET', '/api/car-brands/999999/models');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'No query results for model [STS\\Models\\CarBrand] 999999' });
    const malformed = await call(app, null, 'GET', '/api/car-brands/abc/models');
    expect(malformed.statusCode).toBe(422);
    // A field error in Laravel's shape: at least one field, each with its messages.
    const fieldErrors = Object.values(malformed.json<{ errors: Record<string, unknown> }>().errors);
    expect(fieldErrors.length).toBeGreaterThan(0);
    for (const messages of fieldErrors) expect(messages).toEqual(expect.arrayContaining([expect.any(String)]));
  });

  it('is the same for guests, passengers, drivers and admins', async () => {
    const app = await build();
    const brand = await app.db.carBrand.findFirstOrThrow({ where: { name: 'Fiat' } });
    const urls = ['/api/car-brands', `/api/car-brands/${brand.id}/models`, '/api/car-colors', '/api/car-brands/999999/models'];
    const answersOf = async (token: string | null) => Promise.all(urls.map(async (url) => {
      const response = await call(app, token, 'GET', url);
      return [response.statusCode, response.json()];
    }));
    const asGuest = await answersOf(null);
    expect(asGuest.map(([status]) => status)).toEqual([200, 200, 200, 404]);
    for (const who of [DEMO.passenger, DEMO.driver, DEMO.admin]) {
      expect(await answersOf(await login(app, who)), who.email).toEqual(asGuest);
    }
  });

  it('the migration gives the rows already there the seed\'s slugs', async () => {
    const app = await build();
    const migration = readFileSync(path.join(repoRoot, 'prisma/migrations/20261201230000_car_catalogue_slug/migration.sql'), 'utf8');
    const updates = migration.split(';').map((statement) => statement.trim()).filter((statement) => /^UPDATE/m.test(statement));
    expect(updates).toHaveLength(3);
    for (const table of ['car_brands', 'car_models', 'car_colors']) await app.db.$executeRawUnsafe(`UPDATE "${table}" SET "slug" = ''`);
    for (const update of updates) await app.db.$executeRawUnsafe(update.slice(update.indexOf('UPDATE')));
    const rows = [...(await app.db.carBrand.findMany()), ...(await app.db.carModel.findMany()), ...(await app.db.carColor.findMany())];
    expect(rows.length).toBeGreaterThan(70);
    expect(rows.filter((row) => row.slug !== catalogueSlug(row.name)).map((row) => [row.name, row.slug])).toEqual([]);
  });
});
