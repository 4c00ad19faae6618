import { endpoints } from '@carpool/contracts';
import { implement } from './handler';

/** Seat requests: making, deciding, cancelling, the lists around them and the transactions. */
export const requestRoutes = [
  implement(endpoints.requests.create, async ({ app, user, params }) => app.services.requests.create(user, params.id)),
  implement(endpoints.requests.ofTrip, async ({ app, user, params }) => app.services.requests.ofTrip(user, params.id)),
  implement(endpoints.requests.pending, async ({ app, user }) => app.services.requests.pending(user)),
  implement(endpoints.requests.paymentPending, async ({ app, user }) => app.services.requests.paymentPending(user)),
  implement(endpoints.requests.accept, async ({ app, user, params }) => app.services.requests.accept(user, params.tripId, params.userId)),
  implement(endpoints.requests.reject, async ({ app, user, params }) => app.services.requests.reject(user, params.tripId, params.userId)),
  implement(endpoints.requests.cancel, async ({ app, user, params }) => app.services.requests.cancel(user, params.tripId, params.userId)),
  implement(endpoints.requests.passengers, async ({ app, user, params }) => app.services.requests.passengers(user, params.tripId)),
  implement(endpoints.requests.transactions, async ({ app, user }) => app.services.requests.transactions(user)),
];
