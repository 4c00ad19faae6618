import { endpoints } from '@carpool/contracts';
import { implement } from './handler';

export const notificationRoutes = [
  implement(endpoints.notifications.list, async ({ app, user, query }) => app.services.notifications.list(user.id, query)),
  implement(endpoints.notifications.count, async ({ app, user }) =>
    app.services.notifications.count(user.id, {
      requests: async () => (await app.services.requests.pending(user)).data,
      ratings: async () => (await app.services.ratings.pending(user)).data,
    }),
  ),
  implement(endpoints.notifications.delete, async ({ app, user, params }) => app.services.notifications.delete(user.id, params.id)),
];
