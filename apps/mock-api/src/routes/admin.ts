import { endpoints } from '@carpool/contracts';
import { implement } from './handler';

/** Issue 13: the admin charts' data and the admin users list. */
export const adminRoutes = [
  implement(endpoints.admin.trips, async ({ app, query }) => app.services.adminData.trips(query)),
  implement(endpoints.admin.seats, async ({ app, query }) => app.services.adminData.seats(query)),
  implement(endpoints.admin.users, async ({ app, query }) => app.services.adminData.users(query)),
  implement(endpoints.admin.monthlyUsers, async ({ app, query }) => app.services.adminData.monthlyUsers(query)),
  implement(endpoints.admin.listUsers, async ({ app, query, request }) => app.services.users.adminList(query, request.url)),
];
