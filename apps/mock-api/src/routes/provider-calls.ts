import { endpoints } from '@carpool/contracts';
import { OsrmError } from '../services/provider-calls-service';
import { implement } from './handler';

/** Calls the provider's clients make that the spec does not list (issue 9). */
export const providerCallRoutes = [
  implement(endpoints.users.seatRequests, async ({ app, user }) => app.services.providerCalls.seatRequests(user)),
  implement(endpoints.users.ongoingTrip, async ({ app, user }) => app.services.providerCalls.ongoingTrip(user)),
  implement(endpoints.users.badges, async ({ app, params }) => app.services.providerCalls.badges(params.id)),
  implement(endpoints.changelogs.show, async ({ app, query }) => app.services.providerCalls.changelog(query.version)),
  implement(endpoints.changelogs.list, async ({ app }) => app.services.providerCalls.changelogs()),
  implement(endpoints.trips.templates, async ({ app, user }) => app.services.providerCalls.templates(user)),
  implement(endpoints.trips.saveTemplate, async ({ app, user, body }) => app.services.providerCalls.saveTemplate(user, body)),
  implement(endpoints.trips.showTemplate, async ({ app, user, params }) => app.services.providerCalls.showTemplate(user, params.name)),
  implement(endpoints.routing.osrmRoute, async ({ app, params, query, reply }) => {
    try {
      return app.services.providerCalls.osrmRoute(params.coords, query);
    } catch (error) {
      // OSRM's top-level code and message, as the provider's proxy answers its own refusals.
      if (error instanceof OsrmError) return reply.code(400).send({ code: error.code, message: error.message }) as never;
      throw error;
    }
  }),
  implement(endpoints.cars.brands, async ({ app }) => app.services.providerCalls.carBrands()),
  implement(endpoints.cars.models, async ({ app, params }) => app.services.providerCalls.carModels(params.id)),
  implement(endpoints.cars.colors, async ({ app }) => app.services.providerCalls.carColors()),
];
