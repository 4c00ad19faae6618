import { endpoints, type Endpoint } from '@carpool/contracts';
import { implement, type HandlerContext, type RouteImplementation } from './handler';

/**
 * Binds an entry answered with JSON already serialised (the trip read model assembles the search
 * and the trip page from pre-serialised trips, read-model/README.md): the handler sends the bytes
 * with the JSON content type and Fastify writes them as they are. The bytes are checked against
 * the entry's response schema by the route tests and the Pact verification.
 */
function implementJson<E extends Endpoint>(endpoint: E, answer: (context: HandlerContext<E>) => Promise<Buffer>): RouteImplementation {
  const handler = async (context: HandlerContext<E>) => context.reply.type('application/json; charset=utf-8').send(await answer(context));
  return { endpoint, handler: handler as unknown as RouteImplementation['handler'] };
}

export const tripRoutes = [
  implementJson(endpoints.trips.search, ({ app, query, user, request }) =>
    app.services.trips.searchJson(query, user, request.url, request.dataVersion),
  ),
  implementJson(endpoints.trips.show, ({ app, user, params, request }) => app.services.trips.showJson(user, params.id, request.dataVersion)),
  implement(endpoints.trips.create, async ({ app, user, body }) => app.services.trips.create(user, body)),
  implement(endpoints.trips.update, async ({ app, user, params, body }) => app.services.trips.update(user, params.id, body)),
  implement(endpoints.trips.delete, async ({ app, user, params }) => app.services.trips.remove(user, params.id)),
  implement(endpoints.trips.changeSeats, async ({ app, user, params, body }) => app.services.trips.changeSeats(user, params.id, body.increment)),
  implement(endpoints.trips.changeVisibility, async ({ app, user, params }) => app.services.trips.toggleVisibility(user, params.id)),
  implement(endpoints.trips.matchers, async ({ app, user, params, query }) => app.services.trips.matchers(user, params.id, query.radius)),
  implement(endpoints.trips.autocomplete, async ({ app, query }) =>
    app.services.places.autocomplete(query, app.country.config.osm_country),
  ),
  implement(endpoints.trips.price, async ({ app, user, body }) => app.services.trips.price(user, body.points)),
  implement(endpoints.trips.tripInfo, async ({ app, user, body }) => app.services.trips.tripInfo(user, body.points)),
  implement(endpoints.trips.sealingInfo, async ({ app, user }) => app.services.trips.sealingInfo(user)),
  implement(endpoints.users.trips, async ({ app, user, query }) => app.services.trips.upcomingTrips(user, query)),
  implement(endpoints.users.oldTrips, async ({ app, user, query }) => app.services.trips.oldTrips(user, query)),
];
