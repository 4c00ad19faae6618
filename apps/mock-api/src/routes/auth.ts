import { endpoints } from '@carpool/contracts';
import { sessionOf } from './devices';
import { implement, jsonString } from './handler';

export const authRoutes = [
  implement(endpoints.auth.login, async ({ app, body }) => app.services.auth.login(body.email, body.password)),
  implement(endpoints.auth.retoken, async ({ app, request }) => app.services.auth.retoken(request.headers.authorization)),
  implement(endpoints.auth.logout, async ({ app, user, body, request, reply }) => {
    // Logout removes this session's device too (SOCIAL.md §6).
    await app.services.devices.forgetSession(user.id, sessionOf(request));
    return jsonString(reply, await app.services.auth.logout(user, request.headers.authorization, body?.device_id));
  }),
];
