import { endpoints } from '@carpool/contracts';
import { implement } from './handler';

export const tripRoutes = [
  implement(endpoints.trips.search, async ({ app, query, user, request }) => app.services.trips.search(query, user, request.url)),
];
