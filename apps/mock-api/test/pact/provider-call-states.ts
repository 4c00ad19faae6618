import { LOG_LIMITS } from '@carpool/contracts';
import type { FastifyInstance } from 'fastify';
import { DEMO } from '../helper';
import { addDays } from '../../src/lib/dates';
import { addSeatRequest, createMember, createPlainTrip, text, userByEmail, type StateHandler } from './fixtures';

/** The provider calls the spec does not list (issue #9). */
export function providerCallStates(local: () => FastifyInstance): Record<string, StateHandler> {
  return {
    /** A new member asked for a seat on a plain trip of the demo driver in three days (nothing else). */
    'a member asked for a seat on a plain trip': async (params) => {
      const app = local();
      const member = await createMember(app, text(params, 'name'));
      const tripId = await createPlainTrip(app, addDays(app.clock.now(), 3));
      await addSeatRequest(app, tripId, member.id, 0);
      return { tripId, memberId: member.id };
    },

    /** The seed's demo driver (verified, with trips): their id. */
    'the demo driver, a verified driver with trips': async () => ({ driverId: (await userByEmail(local(), DEMO.driver.email)).id }),

    /** The user's minute of client error reports (POST /api/log) is full: the next one is dropped, still answered 200. */
    'the user already sent the client error reports a minute allows': async (params) => {
      const app = local();
      const user = await userByEmail(app, text(params, 'email'));
      for (let i = 0; i < LOG_LIMITS.perMinute; i += 1) await app.services.logs.record({ log: `Error de prueba ${i}` }, { userId: user.id, ip: '127.0.0.1' }, app.log);
    },

    /** One client error report (POST /api/log) of the user, with the text `log`: what an admin's list shows. */
    'a user reported a client error': async (params) => {
      const app = local();
      const user = await userByEmail(app, text(params, 'email'));
      await app.services.logs.record({ log: text(params, 'log'), source: 'web' }, { userId: user.id, ip: '127.0.0.1' }, app.log);
    },

    /** The user's one trip template, saved under `name` (the form of a Buenos Aires → Rosario trip). */
    'the user saved a trip template': async (params) => {
      const app = local();
      const user = await userByEmail(app, text(params, 'email'));
      await app.db.tripCreationTemplate.deleteMany({ where: { user_id: user.id } });
      await app.services.providerCalls.saveTemplate(user, { name: text(params, 'name'), data: { from_town: 'Buenos Aires', to_town: 'Rosario', total_seats: 3 } });
    },

    /** The seeded car catalogue: its first brand by name, which has models. */
    'the car catalogue is seeded': async () => {
      const brand = await local().db.carBrand.findFirstOrThrow({ where: { models: { some: {} } }, orderBy: { name: 'asc' } });
      return { brandId: brand.id };
    },
  };
}
