import { endpoints } from '@carpool/contracts';
import type { FastifyReply } from 'fastify';
import { implement } from './handler';

const f = endpoints.friends;

/** The provider answers friend actions with the JSON string "OK"; Fastify would send a bare string as text. */
async function jsonString(reply: FastifyReply, answer: Promise<'OK'>): Promise<'OK'> {
  const value = await answer;
  reply.type('application/json; charset=utf-8');
  return JSON.stringify(value) as 'OK';
}

export const friendRoutes = [
  implement(f.list, async ({ app, user, query, request }) => app.services.friends.list(user, query, request.url)),
  implement(f.pending, async ({ app, user }) => app.services.friends.pending(user)),
  implement(f.sentPending, async ({ app, user }) => app.services.friends.sentPending(user)),
  implement(f.request, async ({ app, user, params, reply }) => jsonString(reply, app.services.friends.request(user, params.id))),
  implement(f.accept, async ({ app, user, params, reply }) => jsonString(reply, app.services.friends.accept(user, params.id))),
  implement(f.reject, async ({ app, user, params, reply }) => jsonString(reply, app.services.friends.reject(user, params.id))),
  implement(f.delete, async ({ app, user, params, reply }) => jsonString(reply, app.services.friends.delete(user, params.id))),
];
