import type { FastifyInstance } from 'fastify';
import { text, userByEmail, type StateHandler } from './fixtures';

/** Devices and the client log (issue 14). */
export function deviceStates(local: () => FastifyInstance, currentToken: () => string | undefined): Record<string, StateHandler> {
  return {
    /**
     * A browser of the user without push, registered with the session of "the user is logged in"
     * (given first), as the app's start-up registers it; its row id goes to the interaction.
     */
    'the user has a browser device': async (params) => {
      const app = local();
      const user = await userByEmail(app, text(params, 'email'));
      const token = currentToken();
      if (!token) throw new Error('"the user is logged in" must come first');
      const answer = await app.inject({
        method: 'POST',
        url: '/api/devices',
        headers: { authorization: `Bearer ${token}` },
        payload: { device_id: text(params, 'device_id'), device_type: 'browser', app_version: 3, notifications: false },
      });
      const device = (answer.json() as { data?: { id: number; user_id: number } }).data;
      if (answer.statusCode !== 200 || device?.user_id !== user.id) throw new Error(`device not registered: ${answer.body}`);
      return { deviceId: device.id };
    },
  };
}
