import { describe, expect, it } from 'vitest';
import { buildPath, type Endpoint } from './endpoint';
import { endpointList, endpoints } from './endpoints';

const pathParams = (path: string) => [...path.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1]);
const routeKey = (entry: Endpoint) => `${entry.method} ${entry.path}`;

/**
 * Every call of spec document 2 §7, with the path chosen where the spec shows none
 * (provider's path unless noted). The registry must hold each of them.
 */
const SPEC_CALLS: string[] = [
  // Trips
  'GET /api/trips',
  'POST /api/trips',
  'PUT /api/trips/:id',
  'POST /api/trips/:id/changeSeats',
  'DELETE /api/trips/:id',
  'GET /api/trips/:id',
  'GET /api/trips/autocomplete',
  'POST /api/trips/price',
  'POST /api/trips/trip-info',
  'POST /api/trips/:id/change-visibility',
  'GET /api/trips/:id/matchers', // matching search: chosen by the mock
  'POST /api/conversations/multi-send', // send to all
  'GET /api/users/sellado-viaje', // sealing info
  // Seat requests
  'GET /api/users/payment-pending',
  'GET /api/users/requests',
  'GET /api/trips/:id/requests',
  'POST /api/trips/:id/requests',
  'POST /api/trips/:tripId/requests/:userId/accept', // also the owner's passenger accept
  'POST /api/trips/:tripId/requests/:userId/cancel', // also the owner's passenger cancel
  'POST /api/trips/:tripId/requests/:userId/reject',
  'GET /api/trips/:tripId/passengers',
  'GET /api/trips/transactions',
  // Users
  'GET /api/users/get-trips',
  'GET /api/users/get-old-trips',
  'GET /api/users/:id',
  'GET /api/users/list',
  'POST /api/users',
  'PUT /api/users', // sent as POST with _method=PUT
  'PUT /api/users/photo',
  'PUT /api/users/modify',
  'GET /api/users/search',
  'POST /api/users/donation',
  'GET /api/users/bank-data',
  'GET /api/users/terms',
  'POST /api/users/change/:property/:value', // also the onboarding-viewed call
  'GET /api/users/:id/ratings',
  'GET /api/users/ratings',
  'GET /api/users/ratings/pending',
  'POST /api/trips/:tripId/rate/:userId',
  'POST /api/trips/:tripId/reply/:userId',
  'POST /api/references',
  // Auth and configuration
  'POST /api/login',
  'POST /api/logout',
  'POST /api/retoken',
  'GET /api/config',
  'POST /api/activate/:token',
  'POST /api/reset-password',
  'POST /api/change-password/:token',
  'POST /api/social/login/:provider',
  'PUT /api/social/update/:provider',
  'POST /api/social/friends/:provider',
  // Cars
  'GET /api/cars/:id',
  'GET /api/cars',
  'POST /api/cars',
  'PUT /api/cars/:id',
  'DELETE /api/cars/:id',
  // Friends
  'GET /api/friends',
  'GET /api/friends/pedings',
  'POST /api/friends/accept/:id',
  'POST /api/friends/delete/:id',
  'POST /api/friends/reject/:id',
  'POST /api/friends/request/:id',
  // Conversations
  'GET /api/conversations',
  'GET /api/conversations/show/:id',
  'GET /api/conversations/user-list',
  'POST /api/conversations',
  'GET /api/conversations/:id',
  'GET /api/conversations/:id/users',
  'POST /api/conversations/:id/send',
  'GET /api/conversations/unread',
  // Notifications
  'GET /api/notifications',
  'GET /api/notifications/count',
  'DELETE /api/notifications/:id',
  // Subscriptions
  'GET /api/subscriptions',
  'GET /api/subscriptions/:id',
  'POST /api/subscriptions',
  'PUT /api/subscriptions/:id',
  'DELETE /api/subscriptions/:id',
  // Devices (the push-token registration is POST /api/devices)
  'GET /api/devices',
  'POST /api/devices',
  'PUT /api/devices/:id',
  'DELETE /api/devices/:id',
  // Admin data
  'GET /api/data/trips',
  'GET /api/data/seats',
  'GET /api/data/users',
  'GET /api/data/monthlyusers',
  // Logging
  'POST /api/log',
];

/** Issue 9: calls the provider's clients make that the spec does not list (API-NOTES, routes/api.php). */
const PROVIDER_CALLS: string[] = [
  'GET /api/users/seat-requests',
  'GET /api/users/ongoing-trip',
  'GET /api/users/:id/badges',
  'GET /api/changelog',
  'GET /api/changelogs',
  'GET /api/trip-creation-templates',
  'POST /api/trip-creation-templates', // templates saved by name, as the provider keeps them
  'GET /api/trip-creation-templates/:name',
  'GET /api/osrm/route/v1/driving/:coords',
  'GET /api/car-brands',
  'GET /api/car-brands/:id/models',
  'GET /api/car-colors',
  'GET /api/admin/users', // the admin users page
  'GET /api/friends/sent-pendings', // the friends settings' sent requests
];

/** Issue 14: calls of ours (not the provider's): Web Push key, logout of this device, admins' client errors. */
const DEVICE_AND_LOG_CALLS: string[] = ['GET /api/devices/push-key', 'POST /api/devices/logout', 'GET /api/admin/logs'];

describe('endpoint registry', () => {
  it('names every entry domain.name, uniquely', () => {
    const ids = endpointList.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [domain, entries] of Object.entries(endpoints)) {
      for (const [name, entry] of Object.entries(entries)) {
        expect((entry as Endpoint).id).toBe(`${domain}.${name}`);
      }
    }
  });

  it('has one entry per method and path', () => {
    const keys = endpointList.map(routeKey);
    const duplicates = keys.filter((key, index) => keys.indexOf(key) !== index);
    expect(duplicates).toEqual([]);
  });

  it('has no two routes that differ only in parameter names (Fastify refuses those)', () => {
    const shapes = endpointList.map((entry) => `${entry.method} ${entry.path.replace(/:[A-Za-z_]+/g, ':')}`);
    const duplicates = shapes.filter((shape, index) => shapes.indexOf(shape) !== index);
    expect(duplicates).toEqual([]);
  });

  it('holds every call of spec document 2 §7 and the provider calls its clients make, and nothing else', () => {
    const keys = endpointList.map(routeKey).sort();
    expect(keys).toEqual([...SPEC_CALLS, ...PROVIDER_CALLS, ...DEVICE_AND_LOG_CALLS].sort());
  });

  it.each(endpointList.map((entry) => [entry.id, entry] as const))(
    '%s: path parameters match the params schema',
    (_id, entry) => {
      const inPath = pathParams(entry.path).sort();
      const inSchema = Object.keys(entry.params?.shape ?? {}).sort();
      expect(inSchema).toEqual(inPath);
    },
  );

  it.each(endpointList.map((entry) => [entry.id, entry] as const))(
    '%s: declares a success answer and the errors its access implies',
    (_id, entry) => {
      const statuses = Object.keys(entry.responses).map(Number);
      expect(statuses.some((status) => status >= 200 && status < 300)).toBe(true);
      if (entry.auth === 'user' || entry.auth === 'admin') expect(statuses).toContain(401);
      if (entry.auth === 'admin') expect(statuses).toContain(403);
      if (entry.multipart) expect(statuses).toContain(413);
      if (entry.body || entry.query || entry.params) {
        // Anything the client sends can be refused.
        expect(statuses.some((status) => status === 422 || status === 413)).toBe(true);
      }
    },
  );

  it('only marks bodies of write calls as multipart', () => {
    for (const entry of endpointList.filter((item) => item.multipart)) {
      expect(entry.body).toBeDefined();
      expect(['POST', 'PUT']).toContain(entry.method);
    }
  });

  it('fills paths from params', () => {
    expect(buildPath(endpoints.requests.accept.path, { tripId: 7, userId: 3 })).toBe(
      '/api/trips/7/requests/3/accept',
    );
    expect(buildPath(endpoints.users.show.path, { id: 'me' })).toBe('/api/users/me');
    expect(buildPath(endpoints.users.changeProperty.path, { property: 'on_boarding_view', value: 1 })).toBe(
      '/api/users/change/on_boarding_view/1',
    );
  });
});
