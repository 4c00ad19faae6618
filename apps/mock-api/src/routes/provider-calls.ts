import { endpoints } from '@carpool/contracts';
import { implement } from './handler';

/** Calls the provider's clients make that the spec does not list (issue 9). */
export const providerCallRoutes = [
  implement(endpoints.users.seatRequests, async ({ app, user, query, request }) =>
    app.services.providerCalls.seatRequests(user, query, request.url),
  ),
  implement(endpoints.users.ongoingTrip, async ({ app, user }) => app.services.providerCalls.ongoingTrip(user)),
];
