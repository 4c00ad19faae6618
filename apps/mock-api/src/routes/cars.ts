import { endpoints } from '@carpool/contracts';
import { implement } from './handler';

export const carRoutes = [
  implement(endpoints.cars.list, async ({ app, user }) => app.services.cars.list(user.id)),
  implement(endpoints.cars.show, async ({ app, user, params }) => app.services.cars.show(user.id, params.id)),
  implement(endpoints.cars.create, async ({ app, user, body }) => app.services.cars.create(user.id, body)),
  implement(endpoints.cars.update, async ({ app, user, params, body }) => app.services.cars.update(user.id, params.id, body)),
  implement(endpoints.cars.delete, async ({ app, user, params }) => app.services.cars.delete(user.id, params.id)),
];
