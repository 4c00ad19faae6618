import type { FastifyInstance } from 'fastify';
import { DEMO } from '../../test/helper';
import { addDays } from '../lib/dates';
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

    /** The seeded car catalogue: its first brand by name, which has models. */
    'the car catalogue is seeded': async () => {
      const brand = await local().db.carBrand.findFirstOrThrow({ where: { models: { some: {} } }, orderBy: { name: 'asc' } });
      return { brandId: brand.id };
    },
  };
}
