import { endpoints } from '@carpool/contracts';
import { implement } from './handler';

export const notificationRoutes = [
  implement(endpoints.notifications.list, async ({ app, user, query, request }) => app.services.notifications.list(user.id, query, request.url)),
  implement(endpoints.notifications.count, async ({ app, user }) => app.services.notifications.count(user.id)),
  implement(endpoints.notifications.delete, async ({ app, user, params }) => app.services.notifications.delete(user.id, params.id)),
];
