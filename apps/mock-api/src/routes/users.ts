import { endpoints } from '@carpool/contracts';
import type { FastifyRequest } from 'fastify';
import { receivedFiles } from '../plugins/uploads';
import { implement } from './handler';

/** Laravel method spoofing: a multipart POST with the form field _method=PUT is a PUT. */
function spoofedPut(request: FastifyRequest): boolean {
  const body = request.body as Record<string, unknown> | undefined;
  const method = body && typeof body === 'object' ? body._method : undefined;
  return typeof method === 'string' && method.toUpperCase() === 'PUT';
}

export const userRoutes = [
  implement(endpoints.users.register, async ({ app, request }) => {
    if (spoofedPut(request)) {
      // The profile update as browsers send it: it needs a session like PUT /api/users does.
      const user = await app.services.auth.authenticate(request.headers.authorization, endpoints.users.update.auth);
      return app.services.users.updateProfile(user!, request.body, receivedFiles(request));
    }
    return app.services.accounts.register(request.body, receivedFiles(request));
  }),
  implement(endpoints.users.update, async ({ app, user, request }) =>
    app.services.users.updateProfile(user, request.body, receivedFiles(request)),
  ),
  implement(endpoints.users.updatePhoto, async ({ app, user, body }) => app.services.users.updatePhoto(user, body.profile)),
  implement(endpoints.users.adminUpdate, async ({ app, body }) => app.services.users.adminUpdate(body)),
  implement(endpoints.users.search, async ({ app, query }) => app.services.users.adminSearch(query.name)),
  implement(endpoints.users.list, async ({ app, user, query, request }) => app.services.users.list(user, query, request.url)),
  implement(endpoints.users.show, async ({ app, user, params }) => app.services.users.show(user, params.id)),
  implement(endpoints.users.bankData, async ({ app }) => app.services.users.bankData()),
  implement(endpoints.users.terms, async ({ app }) => app.services.users.terms()),
  implement(endpoints.users.changeProperty, async ({ app, user, params }) =>
    app.services.users.changeProperty(user, params.property, params.value),
  ),
  implement(endpoints.users.donation, async ({ app, user, body }) => app.services.users.donation(user, body)),
];
