import { MatchersV3 } from '@pact-foundation/pact';
import { APP, endpoints } from '@carpool/contracts';
import { describe, expect, it } from 'vitest';
import {
  authHeaders,
  authJsonHeaders,
  clientHeaders,
  createPact,
  dateTime,
  jsonOk,
  loggedInClient,
  mockServerClient,
  modelDateTime,
  okBody,
  paginationMatcher,
  settledFetch,
} from '@/testing/pact';
import { clientErrorBody, postClientError } from './error-reporting';
import { updateDevice, type DevicePlatform } from './devices';
import { createSessionStore } from './session';

const pact = createPact();
const passenger = { email: 'pasajera@carpool.ar' };

/** A Web Push subscription as Chromium makes it (the endpoint and keys are the browser's). */
const subscription = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/dX1c2Yt3:APA91bH',
  expirationTime: null,
  keys: {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
};
const VAPID_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

/** A device as the provider answers it (the mock adds nothing the client reads). */
const deviceMatcher = (deviceId: string, notifications: boolean) =>
  MatchersV3.like({
    id: 41,
    user_id: 3,
    device_id: deviceId,
    device_type: 'browser',
    app_version: APP.appVersion,
    notifications,
    language: 'es',
    // The provider's model timestamps: ISO 8601 in UTC.
    created_at: modelDateTime('2026-11-22T13:00:00.000000Z'),
    updated_at: modelDateTime('2026-11-22T13:00:00.000000Z'),
  });

const browser = (found: PushSubscriptionJSON | null): DevicePlatform => ({ permission: () => (found ? 'granted' : 'default'), subscription: async () => found });

function loggedIn() {
  const session = createSessionStore();
  session.setToken('test-token');
  return session;
}

describe('devices (consumer)', () => {
  it('reads the Web Push public key', async () => {
    await pact
      .addInteraction()
      .given('the country is Argentina')
      .uponReceiving('a request for the Web Push public key')
      .withRequest('GET', '/api/devices/push-key', (builder) => builder.headers(clientHeaders))
      .willRespondWith(200, (builder) => builder.jsonBody({ data: { public_key: MatchersV3.regex(/^[A-Za-z0-9_-]{80,}$/, VAPID_KEY) } }))
      .executeTest(async (server) => {
        const { data } = await mockServerClient(server).call(endpoints.devices.pushKey);
        expect(data.public_key.length).toBeGreaterThan(80);
      });
  });

  it('registers this browser at start-up without push (notifications not allowed)', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', passenger)
      .uponReceiving('a registration of a browser without push')
      .withRequest('POST', '/api/devices', (builder) =>
        builder.headers(authJsonHeaders).jsonBody({ device_type: 'browser', app_version: APP.appVersion, notifications: false }),
      )
      .willRespondWith(200, (builder) => builder.jsonBody({ data: deviceMatcher('browser-1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed', false) }))
      .executeTest(async (server) => {
        const session = loggedIn();
        const device = await updateDevice({ api: loggedInClient(server), session, platform: browser(null) });
        expect(device?.device_type).toBe('browser');
        expect(session.getState().device?.id).toBe(device?.id);
      });
  });

  it('registers this browser with its push subscription when notifications are allowed', async () => {
    const deviceId = JSON.stringify(subscription);
    await pact
      .addInteraction()
      .given('the user is logged in', passenger)
      .uponReceiving('a registration of a browser with its push subscription')
      .withRequest('POST', '/api/devices', (builder) =>
        builder.headers(authJsonHeaders).jsonBody({ device_type: 'browser', app_version: APP.appVersion, notifications: true, device_id: deviceId }),
      )
      .willRespondWith(200, (builder) => builder.jsonBody({ data: deviceMatcher(deviceId, true) }))
      .executeTest(async (server) => {
        const session = loggedIn();
        // The key comes from GET /api/devices/push-key (the interaction above).
        const device = await updateDevice({ api: loggedInClient(server), session, platform: browser(subscription), pushKey: async () => VAPID_KEY });
        expect(device?.notifications).toBe(true);
        expect(JSON.parse(device!.device_id)).toEqual(subscription);
      });
  });

  it('removes a device this browser no longer uses', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', passenger)
      .given('the user has a browser device', { ...passenger, device_id: 'browser-old' })
      .uponReceiving('a deletion of one of the user\'s devices')
      .withRequest('DELETE', MatchersV3.fromProviderState('/api/devices/${deviceId}', '/api/devices/41'), (builder) => builder.headers(authHeaders))
      .willRespondWith(200, (builder) => jsonOk(builder))
      .executeTest(async (server) => {
        expect(await loggedInClient(server).call(endpoints.devices.delete, { params: { id: 41 } })).toBe('OK');
      });
  });

  it("lists the user's devices, with how many have notifications on", async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', passenger)
      .given('the user has a browser device', { ...passenger, device_id: 'browser-listed' })
      .uponReceiving("a request for the user's devices")
      .withRequest('GET', '/api/devices', (builder) => builder.headers(authHeaders))
      .willRespondWith(200, (builder) => builder.jsonBody({ data: MatchersV3.eachLike(deviceMatcher('browser-listed', false), 1), count: MatchersV3.integer(0) }))
      .executeTest(async (server) => {
        const answer = await loggedInClient(server).call(endpoints.devices.list);
        expect(answer.data.map((device) => device.device_id)).toContain('browser-listed');
        expect(answer.count).toBe(0);
      });
  });

  it('turns on the notifications of a device', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', passenger)
      .given('the user has a browser device', { ...passenger, device_id: 'browser-updated' })
      .uponReceiving('an update of a device that turns its notifications on')
      .withRequest('PUT', MatchersV3.fromProviderState('/api/devices/${deviceId}', '/api/devices/41'), (builder) =>
        builder.headers(authJsonHeaders).jsonBody({ notifications: true, app_version: APP.appVersion }),
      )
      .willRespondWith(200, (builder) => builder.jsonBody({ data: deviceMatcher('browser-updated', true) }))
      .executeTest(async (server) => {
        const { data } = await loggedInClient(server).call(endpoints.devices.update, { params: { id: 41 }, body: { notifications: true, app_version: APP.appVersion } });
        expect(data.notifications).toBe(true);
        expect(data.device_id).toBe('browser-updated');
      });
  });

  it('removes the device registered with this session', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', passenger)
      .given('the user has a browser device', { ...passenger, device_id: 'browser-of-this-session' })
      .uponReceiving('a removal of the device of this session')
      .withRequest('POST', '/api/devices/logout', (builder) => builder.headers(authHeaders))
      .willRespondWith(200, (builder) => builder.jsonBody({ message: MatchersV3.string('Device logged out successfully') }))
      .executeTest(async (server) => {
        const answer = await loggedInClient(server).call(endpoints.devices.logout);
        expect(answer.message).toBe('Device logged out successfully');
      });
  });

  it('logs out naming this browser\'s device', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', passenger)
      .given('the user has a browser device', { ...passenger, device_id: 'browser-1b9d6bcd' })
      .uponReceiving('a logout with the device of this browser')
      .withRequest('POST', '/api/logout', (builder) => builder.headers(authJsonHeaders).jsonBody({ device_id: 'browser-1b9d6bcd' }))
      .willRespondWith(200, (builder) => jsonOk(builder))
      .executeTest(async (server) => {
        const answer = await loggedInClient(server).call(endpoints.auth.logout, { body: { device_id: 'browser-1b9d6bcd' } });
        expect(answer).toBe('OK');
      });
  });
});

describe('client error log (consumer)', () => {
  const error = new TypeError("Cannot read properties of undefined (reading 'trip_date')");
  error.stack = "TypeError: Cannot read properties of undefined (reading 'trip_date')\n    at TripCard (https://carpool.example/app/assets/index-abc.js:1:2345)";
  const body = { ...clientErrorBody(error, { kind: 'window.onerror' }), url: 'https://carpool.example/app/trips' };

  it('sends a thrown error with its stack, as a guest', async () => {
    await pact
      .addInteraction()
      .given('the country is Argentina')
      .uponReceiving('a client error report from a guest')
      .withRequest('POST', '/api/log', (builder) => builder.headers({ 'Content-Type': 'application/json' }).jsonBody(body))
      .willRespondWith(200, (builder) => builder.jsonBody(okBody()))
      .executeTest(async (server) => {
        const response = await postClientError(body, { baseUrl: server.url, token: null, fetch: settledFetch });
        expect(response?.status).toBe(200);
        expect(await response?.json()).toEqual({ data: 'ok' });
      });
  });

  it('sends a thrown error with the token of the logged-in user', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', passenger)
      .uponReceiving('a client error report from a logged-in user')
      .withRequest('POST', '/api/log', (builder) =>
        builder.headers({ 'Content-Type': 'application/json', Authorization: MatchersV3.regex(/^Bearer \S+$/, 'Bearer test-token') }).jsonBody(body),
      )
      .willRespondWith(200, (builder) => builder.jsonBody(okBody()))
      .executeTest(async (server) => {
        const response = await postClientError(body, { baseUrl: server.url, token: 'test-token', fetch: settledFetch });
        expect(response?.status).toBe(200);
      });
  });

  it('gets 200 for a report over the length limits with a nested context (the provider cuts, never refuses)', async () => {
    const long = { log: `Error largo ${'x'.repeat(5000)}`, source: 'web', context: { pantalla: { nombre: 'viajes', filtros: { origen: 'Rosario' } } } };
    await pact
      .addInteraction()
      .given('the country is Argentina')
      .uponReceiving('a client error report over the length limits with a nested context')
      .withRequest('POST', '/api/log', (builder) => builder.headers({ 'Content-Type': 'application/json' }).jsonBody(long))
      .willRespondWith(200, (builder) => builder.jsonBody(okBody()))
      .executeTest(async (server) => {
        const response = await postClientError(long, { baseUrl: server.url, token: null, fetch: settledFetch });
        expect(await response?.json()).toEqual({ data: 'ok' });
      });
  });

  it('gets the same 200 past the minute limit (the report is dropped, as the provider has no limit)', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', passenger)
      .given('the user already sent the client error reports a minute allows', passenger)
      .uponReceiving('a client error report over the minute limit')
      .withRequest('POST', '/api/log', (builder) =>
        builder.headers({ 'Content-Type': 'application/json', Authorization: MatchersV3.regex(/^Bearer \S+$/, 'Bearer test-token') }).jsonBody(body),
      )
      .willRespondWith(200, (builder) => builder.jsonBody(okBody()))
      .executeTest(async (server) => {
        const response = await postClientError(body, { baseUrl: server.url, token: 'test-token', fetch: settledFetch });
        expect(await response?.json()).toEqual({ data: 'ok' });
      });
  });
});

describe('client error log, for admins (consumer)', () => {
  it('lists the reported errors, newest first, paged', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'admin@carpool.ar' })
      // The driver: another state fills the passenger's minute of reports, and that count outlives a reseed.
      .given('a user reported a client error', { email: 'conductor@carpool.ar', log: 'TypeError: trip_date' })
      .uponReceiving('an admin request for the first page of client errors')
      .withRequest('GET', '/api/admin/logs', (builder) => builder.headers(authHeaders).query({ page: '1' }))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          data: MatchersV3.eachLike(
            {
              id: MatchersV3.integer(1),
              user_id: MatchersV3.integer(3),
              log: MatchersV3.string('TypeError: trip_date'),
              source: MatchersV3.string('web'),
              stack: null,
              url: null,
              app_version: null,
              context: null,
              created_at: dateTime('2026-11-22 10:00:00'),
            },
            1,
          ),
          meta: paginationMatcher({ total: 1, count: 1, per_page: 20, current_page: 1, total_pages: 1 }),
        }),
      )
      .executeTest(async (server) => {
        const answer = await loggedInClient(server).call(endpoints.logging.adminList, { query: { page: 1 } });
        expect(answer.data[0]?.log).toBe('TypeError: trip_date');
        expect(answer.meta.pagination.current_page).toBe(1);
      });
  });
});
