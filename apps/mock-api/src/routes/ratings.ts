import { endpoints } from '@carpool/contracts';
import { implement } from './handler';

const r = endpoints.ratings;

export const ratingRoutes = [
  implement(r.list, async ({ app, user, query, request }) => app.services.ratings.list(user, 'me', query, request.url)),
  implement(r.listOfUser, async ({ app, user, params, query, request }) => app.services.ratings.list(user, params.id, query, request.url)),
  implement(r.pending, async ({ app, user }) => app.services.ratings.pending(user)),
  implement(r.rate, async ({ app, user, params, body }) => app.services.ratings.rate(user, params.tripId, params.userId, { rating: body.rating, comment: body.comment })),
  implement(r.reply, async ({ app, user, params, body }) => app.services.ratings.reply(user, params.tripId, params.userId, body)),
  implement(r.createReference, async ({ app, user, body }) => app.services.ratings.createReference(user, body)),
];
