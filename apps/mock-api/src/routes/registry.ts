import { endpointList, type Endpoint } from '@carpool/contracts';
import type { User } from '@prisma/client';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';
import { multipartScope } from '../plugins/uploads';
import type { RouteImplementation } from './handler';
import { accountRoutes } from './accounts';
import { adminRoutes } from './admin';
import { authRoutes } from './auth';
import { carRoutes } from './cars';
import { configRoutes } from './config';
import { conversationRoutes } from './conversations';
import { friendRoutes } from './friends';
import { notificationRoutes } from './notifications';
import { providerCallRoutes } from './provider-calls';
import { ratingRoutes } from './ratings';
import { requestRoutes } from './requests';
import { subscriptionRoutes } from './subscriptions';
import { tripRoutes } from './trips';
import { userRoutes } from './users';
import { deviceRoutes, logRoutes } from './devices';

/** Every implemented call. Registry entries missing here answer 501 until their issue lands. */
export const implementations: RouteImplementation[] = [...authRoutes, ...configRoutes, ...tripRoutes];
// Issue 3: accounts and profiles.
implementations.push(...userRoutes, ...accountRoutes, ...carRoutes);
// Issue 5: booking loop (seat requests, notifications).
implementations.push(...requestRoutes, ...notificationRoutes);
// Issue 4: trips (search, publishing, sellado, users' trips) and saved searches.
implementations.push(...subscriptionRoutes);
// Issue 9: provider calls the spec does not list.
implementations.push(...providerCallRoutes);
// Issue 11: conversations and friends.
implementations.push(...conversationRoutes, ...friendRoutes);
// Issue 13: admin charts and users list.
implementations.push(...adminRoutes);
// Issue 12: ratings and references.
implementations.push(...ratingRoutes);
// Issue 14: devices, push key, client error log.
implementations.push(...deviceRoutes, ...logRoutes);

declare module 'fastify' {
  interface FastifyRequest {
    currentUser: User | null;
    /** The data version the caller was read at (a logged-in request), for the handler's reads. */
    dataVersion: number | undefined;
  }
}

export function notImplementedIds(): string[] {
  const done = new Set(implementations.map((impl) => impl.endpoint.id));
  return endpointList.filter((endpoint) => !done.has(endpoint.id)).map((endpoint) => endpoint.id);
}

/** Registers one Fastify route per registry entry (and nothing else under /api). */
export async function registerApiRoutes(app: FastifyInstance, hooks: { beforeHandler?: (endpoint: Endpoint, request: FastifyRequest) => void } = {}) {
  const byId = new Map(implementations.map((impl) => [impl.endpoint.id, impl]));
  app.decorateRequest('currentUser', null);
  app.decorateRequest('dataVersion', undefined);

  // The multipart calls in a scope of their own, with the multipart parser (plugins/uploads.ts).
  for (const endpoint of endpointList) if (!endpoint.multipart) route(app, endpoint);
  await app.register(async (scope) => {
    await multipartScope(scope);
    for (const endpoint of endpointList) if (endpoint.multipart) route(scope, endpoint);
  });

  function route(instance: FastifyInstance, endpoint: Endpoint): void {
    const impl = byId.get(endpoint.id);
    instance.withTypeProvider<ZodTypeProvider>().route({
      method: endpoint.method,
      url: endpoint.path,
      // Entries not built yet skip input validation so they always answer 501 (after auth).
      schema: !impl ? {} : {
        ...(endpoint.params ? { params: endpoint.params } : {}),
        ...(endpoint.query ? { querystring: endpoint.query } : {}),
        // Multipart bodies are parsed into objects and validated by their handler.
        ...(endpoint.body && !endpoint.multipart ? { body: endpoint.body } : {}),
      },
      config: { endpointId: endpoint.id },
      // Roles are checked first, as the provider's middleware does: before the body is read (a
      // guest's multipart never reaches the disk) and before input validation.
      // A callback hook: a call that needs no token, or a guest's where one is optional (a guest's
      // search), is settled without a promise (as authenticateRequest answers them: no user).
      onRequest: (request, _reply, done) => {
        try {
          hooks.beforeHandler?.(endpoint, request);
        } catch (error) {
          return done(error as Error);
        }
        if (endpoint.auth === 'none' || (endpoint.auth === 'optional' && !request.headers.authorization)) {
          request.currentUser = null;
          return done();
        }
        app.services.auth.authenticateRequest(request.headers.authorization, endpoint.auth).then(({ user, dataVersion }) => {
          request.currentUser = user;
          request.dataVersion = dataVersion;
          done();
        }, done);
      },
      handler: async (request, reply) => {
        if (!impl) {
          throw new AppError('not_implemented', { message: `${endpoint.id} is not implemented in the mock API yet.` });
        }
        return impl.handler({
          params: request.params as never,
          query: request.query as never,
          body: request.body as never,
          user: request.currentUser as never,
          app,
          request,
          reply,
        });
      },
    });
  }
}
