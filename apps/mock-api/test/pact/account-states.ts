import bcrypt from 'bcryptjs';
import type { FastifyInstance } from 'fastify';
import { DEMO } from '../helper';
import { addDays, fromWireDateTime } from '../../src/lib/dates';
import { createMember, createPlainTrip, text, userByEmail, wireDate, type StateHandler } from './fixtures';

/** Accounts and profiles: who is logged in, accounts in each stage, users to look at. */
export function accountStates(local: () => FastifyInstance, logIn: (token: string) => void): Record<string, StateHandler> {
  return {
    'the country is Argentina': async () => undefined,
    'the demo accounts exist': async () => undefined,

    'the user is logged in': async (params) => {
      const user = await userByEmail(local(), text(params, 'email'));
      logIn(local().services.auth.issueToken(user.id));
    },

    'an inactive account': async (params) => {
      const email = text(params, 'email');
      const password = await bcrypt.hash('carpool123', 4);
      await local().db.user.upsert({
        where: { email },
        create: { email, password, name: 'Cuenta Inactiva', active: false },
        update: { active: false, banned: false, password },
      });
    },

    'an account waiting for activation': async (params) => {
      const email = text(params, 'email');
      const activation_token = text(params, 'token');
      await local().db.user.upsert({
        where: { email },
        create: { email, password: 'not-used', name: 'Nueva Usuaria', active: false, activation_token },
        update: { active: false, banned: false, activation_token },
      });
    },

    'a password reset was requested': async (params) => {
      const app = local();
      const user = await userByEmail(app, text(params, 'email'));
      await app.db.passwordReset.deleteMany({ where: { user_id: user.id } });
      await app.db.passwordReset.create({ data: { token: text(params, 'token'), user_id: user.id, created_at: app.clock.now() } });
    },

    'no account uses the e-mail': async (params) => {
      await local().db.user.deleteMany({ where: { email: text(params, 'email') } });
    },

    /** Active, never on a trip with anyone, driver data private (data_visibility 0). */
    'a user who keeps the driver data private': async (params) => {
      const user = await createMember(local(), text(params, 'name'), { email: text(params, 'email'), data_visibility: 0 });
      return { userId: user.id };
    },

    /** A member with this document number, which no seeded user has (an admin finds them by it). */
    'a user with a document number': async (params) => {
      const user = await createMember(local(), text(params, 'name'), { email: text(params, 'email'), nro_doc: text(params, 'nro_doc') });
      return { userId: user.id };
    },

    /** Two members whose surname no seeded user has, so a search by it finds exactly them. */
    'users named like a search': async (params) => {
      const surname = text(params, 'surname');
      for (const first of ['Sofía', 'Tomás']) await createMember(local(), `${first} ${surname}`);
    },

    /** A catalogue brand with one of its models, and a colour: what a new car must name (CarsManager). */
    'the car catalogue has a brand with a model and a colour': async (params) => {
      const app = local();
      const model = await app.db.carModel.findFirstOrThrow({ where: { name: text(params, 'model', 'Gol Trend') } });
      const color = await app.db.carColor.findFirstOrThrow({ where: { name: text(params, 'color', 'Gris') } });
      return { brandId: model.brand_id, modelId: model.id, colorId: color.id };
    },

    /** The user's car with this plate (the seed's, or one added through the car service). */
    'the user has a car': async (params) => {
      const app = local();
      const user = await userByEmail(app, text(params, 'email'));
      const patente = text(params, 'patente');
      const existing = await app.db.car.findFirst({ where: { user_id: user.id, patente } });
      if (existing) return { carId: existing.id };
      const { data } = await app.services.cars.create(user.id, { patente, description: text(params, 'description') });
      return { carId: data.id };
    },

    /** The driver's seeded trips (cars, return trips, passengers) give way to plain ones on the dates; gives `driverId`. */
    'the demo driver has only plain upcoming trips': async (params) => {
      const app = local();
      const driver = await userByEmail(app, DEMO.driver.email);
      await app.db.trip.updateMany({ where: { user_id: driver.id }, data: { deleted_at: app.clock.now() } });
      const dates = Array.isArray(params.dates) ? params.dates.map(String) : [];
      for (const date of dates) await createPlainTrip(app, fromWireDateTime(date));
      return { driverId: driver.id };
    },

    /** Her only past trip: a plain trip of the demo driver on which she was the one accepted passenger. */
    'the passenger travelled on a past trip of the demo driver': async (params) => {
      const app = local();
      const passenger = await userByEmail(app, text(params, 'email'));
      await app.db.passenger.updateMany({ where: { user_id: passenger.id, request_state: { in: [1, 4] } }, data: { request_state: 3 } });
      const tripId = await createPlainTrip(app, wireDate(params, 'date'));
      const created = addDays(app.clock.now(), -20);
      await app.db.trip.update({ where: { id: tripId }, data: { seats_available: { decrement: 1 }, created_at: created } });
      await app.db.passenger.create({ data: { trip_id: tripId, user_id: passenger.id, request_state: 1, created_at: created, updated_at: created } });
      return { tripId };
    },
  };
}
