import { endpoints } from '@carpool/contracts';
import { implement } from './handler';

export const subscriptionRoutes = [
  implement(endpoints.subscriptions.list, async ({ app, user }) => app.services.subscriptions.list(user)),
  implement(endpoints.subscriptions.show, async ({ app, user, params }) => app.services.subscriptions.show(user, params.id)),
  implement(endpoints.subscriptions.create, async ({ app, user, body }) => app.services.subscriptions.create(user, body)),
  implement(endpoints.subscriptions.update, async ({ app, user, params, body }) => app.services.subscriptions.update(user, params.id, body)),
  implement(endpoints.subscriptions.delete, async ({ app, user, params }) => app.services.subscriptions.remove(user, params.id)),
];
