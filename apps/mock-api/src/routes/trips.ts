import { endpoints } from '@carpool/contracts';
import { implement } from './handler';

export const tripRoutes = [
  // The search and the trip page answer JSON bytes assembled from pre-serialised trips
  // (services/trip-service.ts). The bytes are returned, not sent: an async handler that returns the
  // reply makes Fastify await it as a thenable (`Reply.then`), which adds end-of-stream listeners to
  // every response (2.5 % of the CPU under the varied search mix, in a --cpu-prof profile).
  implement(endpoints.trips.search, async ({ app, query, user, request, reply }) => {
    const json = await app.services.trips.searchJson(query, user, request.url, request.dataVersion);
    reply.type('application/json; charset=utf-8');
    return json as never;
  }),
  implement(endpoints.trips.show, async ({ app, user, params, request, reply }) => {
    const json = await app.services.trips.showJson(user, params.id, request.dataVersion);
    reply.type('application/json; charset=utf-8');
    return json as never;
  }),
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
