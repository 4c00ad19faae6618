import { createHash } from 'node:crypto';
import { endpoints } from '@carpool/contracts';
import type { FastifyRequest } from 'fastify';
import { implement, jsonString } from './handler';

/**
 * The session a device was registered with: the provider keeps the raw JWT (session_id); a hash
 * of it finds the same device without storing a usable token.
 */
export function sessionOf(request: FastifyRequest): string {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
  return createHash('sha256').update(token).digest('base64url');
}

export const deviceRoutes = [
  implement(endpoints.devices.list, async ({ app, user }) => app.services.devices.list(user.id)),
  implement(endpoints.devices.create, async ({ app, user, body, request }) => app.services.devices.register(user.id, sessionOf(request), body)),
  implement(endpoints.devices.update, async ({ app, user, params, body }) => app.services.devices.update(user.id, params.id, body)),
  implement(endpoints.devices.delete, async ({ app, user, params, reply }) => {
    return jsonString(reply, await app.services.devices.delete(user.id, params.id));
  }),
  implement(endpoints.devices.logout, async ({ app, user, request }) => app.services.devices.logoutSession(user.id, sessionOf(request))),
  implement(endpoints.devices.pushKey, async ({ app }) => ({ data: { public_key: app.services.push.publicKey } })),
];

export const logRoutes = [
  implement(endpoints.logging.log, async ({ app, user, body, request }) => app.services.logs.record(body, { userId: user?.id ?? null, ip: request.ip }, request.log)),
  implement(endpoints.logging.adminList, async ({ app, query, request }) => app.services.logs.list(query, request.url)),
];
