import { MatchersV3 } from '@pact-foundation/pact';
import { endpoints } from '@carpool/contracts';
import { describe, expect, it } from 'vitest';
import type { ApiError } from '@/lib/api-client';
import { authHeaders, createPact, errorBody, loggedInClient, paginationMatcher } from '@/testing/pact';
import { adminViewMatcher, exampleStranger } from '@/testing/pact-users';

const pact = createPact();
/** The rows the provider state 'chart rows in 2031' writes (see apps/mock-api/test/pact/admin-states.ts). */
const RANGE = { date_from: '2031-01', date_to: '2031-03' };
const admin = { email: 'admin@carpool.ar' };

describe('admin charts and users (consumer)', () => {
  it('reads the driver trips per month', async () => {
    const trips = [
      { key: '2031-01', año: '2031', mes: '01', cantidad: 2, asientos_ofrecidos_total: 5 },
      { key: '2031-02', año: '2031', mes: '02', cantidad: 2, asientos_ofrecidos_total: 5 },
    ];
    await pact
      .addInteraction()
      .given('the user is logged in', admin)
      .given('chart rows in 2031')
      .uponReceiving('an admin request for trips per month')
      .withRequest('GET', '/api/data/trips', (builder) => builder.headers(authHeaders).query(RANGE))
      .willRespondWith(200, (builder) => builder.jsonBody({ trips }))
      .executeTest(async (server) => {
        const answer = await loggedInClient(server).call(endpoints.admin.trips, { query: RANGE });
        expect(answer.trips).toEqual(trips);
      });
  });

  it('reads the seat requests per month and state', async () => {
    const seats = [
      { key: '2031-02', año: '2031', mes: '02', state: 0, estado: 'pendiente', cantidad: 2 },
      { key: '2031-02', año: '2031', mes: '02', state: 1, estado: 'aceptada', cantidad: 1 },
      { key: '2031-02', año: '2031', mes: '02', state: 3, estado: 'retirada_pasajero', cantidad: 1 },
      { key: '2031-02', año: '2031', mes: '02', state: 4, estado: null, cantidad: 1 },
    ];
    await pact
      .addInteraction()
      .given('the user is logged in', admin)
      .given('chart rows in 2031')
      .uponReceiving('an admin request for seat requests per month')
      .withRequest('GET', '/api/data/seats', (builder) => builder.headers(authHeaders).query(RANGE))
      .willRespondWith(200, (builder) => builder.jsonBody({ seats }))
      .executeTest(async (server) => {
        const answer = await loggedInClient(server).call(endpoints.admin.seats, { query: RANGE });
        expect(answer.seats.map((row) => row.state)).toEqual([0, 1, 3, 4]);
      });
  });

  it('reads the registrations per month', async () => {
    const users = [
      { key: '2031-01', año: '2031', mes: '01', cantidad: 2 },
      { key: '2031-02', año: '2031', mes: '02', cantidad: 1 },
      { key: '2031-03', año: '2031', mes: '03', cantidad: 2 },
    ];
    await pact
      .addInteraction()
      .given('the user is logged in', admin)
      .given('chart rows in 2031')
      .uponReceiving('an admin request for new users per month')
      .withRequest('GET', '/api/data/users', (builder) => builder.headers(authHeaders).query(RANGE))
      .willRespondWith(200, (builder) => builder.jsonBody({ users }))
      .executeTest(async (server) => {
        const answer = await loggedInClient(server).call(endpoints.admin.users, { query: RANGE });
        expect(answer.users.reduce((sum, row) => sum + row.cantidad, 0)).toBe(5);
      });
  });

  it('reads the active users per month (año and mes as numbers, saved_at)', async () => {
    const savedAt = MatchersV3.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/, '2026-11-24T12:00:00.000Z');
    await pact
      .addInteraction()
      .given('the user is logged in', admin)
      .given('chart rows in 2031')
      .uponReceiving('an admin request for active users per month')
      .withRequest('GET', '/api/data/monthlyusers', (builder) => builder.headers(authHeaders).query(RANGE))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          monthly_users: [
            { key: '2031-01', año: 2031, mes: 1, cantidad: 2, saved_at: savedAt },
            { key: '2031-03', año: 2031, mes: 3, cantidad: 1, saved_at: savedAt },
          ],
        }),
      )
      .executeTest(async (server) => {
        const answer = await loggedInClient(server).call(endpoints.admin.monthlyUsers, { query: RANGE });
        expect(answer.monthly_users.map((row) => row.cantidad)).toEqual([2, 1]);
      });
  });

  it('is refused a reversed month range', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', admin)
      .uponReceiving('an admin request for trips per month with the range reversed')
      .withRequest('GET', '/api/data/trips', (builder) => builder.headers(authHeaders).query({ date_from: '2031-03', date_to: '2031-01' }))
      .willRespondWith(422, (builder) => builder.jsonBody({ message: MatchersV3.string('The given data was invalid.') }))
      .executeTest(async (server) => {
        const failure = await loggedInClient(server)
          .call(endpoints.admin.trips, { query: { date_from: '2031-03', date_to: '2031-01' } })
          .catch((error: ApiError) => error);
        expect((failure as ApiError).status).toBe(422);
      });
  });

  it('refuses the charts to a user who is not an admin', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'conductor@carpool.ar' })
      .uponReceiving('a non-admin request for trips per month')
      .withRequest('GET', '/api/data/trips', (builder) => builder.headers(authHeaders))
      .willRespondWith(403, (builder) => builder.jsonBody(errorBody('forbidden')))
      .executeTest(async (server) => {
        const failure = await loggedInClient(server).call(endpoints.admin.trips, { query: {} }).catch((error: ApiError) => error);
        expect((failure as ApiError).status).toBe(403);
      });
  });

  it('lists users for an admin, paged and sorted', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', admin)
      .uponReceiving('an admin request for the users list, last connected first')
      .withRequest('GET', '/api/admin/users', (builder) =>
        builder.headers(authHeaders).query({ page: '1', per_page: '2', sort: 'last_connection', direction: 'desc' }),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          data: MatchersV3.eachLike(adminViewMatcher({ ...exampleStranger, email: 'sofia.etchegaray@correo.com.ar' }), 2),
          meta: paginationMatcher({ total: 41, count: 2, per_page: 2, current_page: 1, total_pages: 21 }),
        }),
      )
      .executeTest(async (server) => {
        const answer = await loggedInClient(server).call(endpoints.admin.listUsers, { query: { page: 1, per_page: 2, sort: 'last_connection', direction: 'desc' } });
        expect(answer.data).toHaveLength(2);
        expect(answer.meta.pagination.per_page).toBe(2);
      });
  });

  it('gets the users list as the provider answers a page size it cannot use: clamped to 100, newest first', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', admin)
      .uponReceiving('an admin request for the users list with a page size over 100 and an unknown sort')
      .withRequest('GET', '/api/admin/users', (builder) => builder.headers(authHeaders).query({ per_page: '500', sort: 'password' }))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          // Every user this time, some of whom never logged in (last_connection '').
          data: MatchersV3.eachLike(
            adminViewMatcher(
              { ...exampleStranger, email: 'sofia.etchegaray@correo.com.ar' },
              { last_connection: MatchersV3.regex(/^(\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2})?$/, exampleStranger.last_connection as string) },
            ),
            2,
          ),
          // per_page as the provider clamps it: exactly 100.
          meta: { pagination: MatchersV3.like({ total: 41, count: 41, per_page: MatchersV3.equal(100), current_page: 1, total_pages: 1, links: {} }) },
        }),
      )
      .executeTest(async (server) => {
        const answer = await loggedInClient(server).call(endpoints.admin.listUsers, { query: { per_page: 500, sort: 'password' } });
        expect(answer.meta.pagination.per_page).toBe(100);
        // The default direction is desc and an unknown sort is id: the newest users first.
        const ids = answer.data.map((user) => user.id);
        expect(ids).toEqual([...ids].sort((a, b) => b - a));
      });
  });
});
