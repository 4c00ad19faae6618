import { endpoints } from '@carpool/contracts';
import { describe, expect, it } from 'vitest';
import { HOUR_MS, addRequest, inHours, makeTrip, makeUser } from '../../test/booking';
import { build, expectContract } from '../../test/helper';
import { TEST_SEED } from '../../test/seed-options';

describe('GET /api/users/seat-requests (provider call)', () => {
  it("lists the caller's open requests on trips still to leave, newest first, with their trips", async () => {
    const app = await build();
    const driver = await makeUser(app);
    const rider = await makeUser(app);
    const first = await makeTrip(app, driver.user.id, { date: inHours(24) });
    const second = await makeTrip(app, driver.user.id, { date: inHours(48) });
    const gone = await makeTrip(app, driver.user.id, { date: inHours(-5) });
    const rejected = await makeTrip(app, driver.user.id, { date: inHours(30) });
    const pending = await addRequest(app, first, rider.user.id, 0);
    const accepted = await addRequest(app, second, rider.user.id, 1);
    await app.db.passenger.update({ where: { id: accepted.id }, data: { created_at: new Date(pending.created_at.getTime() + 1000) } });
    await addRequest(app, gone, rider.user.id, 1);
    await addRequest(app, rejected, rider.user.id, 2);

    const response = await app.inject({ method: 'GET', url: '/api/users/seat-requests', headers: rider.headers });
    expect(response.statusCode, response.body).toBe(200);
    const body = expectContract(endpoints.users.seatRequests, response);
    expect(body.data.map((row) => [row.id, row.trip_id, row.request_state])).toEqual([
      [accepted.id, second.id, 1],
      [pending.id, first.id, 0],
    ]);
    expect(body.data[0]!.trip.id).toBe(second.id);
    expect(body.meta.pagination).toMatchObject({ total: 2, count: 2, current_page: 1 });
  });

  it('pages with page_size, refuses a bad page with 422, and needs a session', async () => {
    const app = await build();
    const driver = await makeUser(app);
    const rider = await makeUser(app);
    for (const hours of [24, 25, 26]) await addRequest(app, await makeTrip(app, driver.user.id, { date: inHours(hours) }), rider.user.id);
    const page2 = await app.inject({ method: 'GET', url: '/api/users/seat-requests?page=2&page_size=2', headers: rider.headers });
    expect(expectContract(endpoints.users.seatRequests, page2).data).toHaveLength(1);
    const bad = await app.inject({ method: 'GET', url: '/api/users/seat-requests?page=0', headers: rider.headers });
    expect(bad.statusCode).toBe(422);
    expect((await app.inject({ method: 'GET', url: '/api/users/seat-requests' })).statusCode).toBe(401);
    // Another user sees none of them.
    const other = await app.inject({ method: 'GET', url: '/api/users/seat-requests', headers: driver.headers });
    expect(expectContract(endpoints.users.seatRequests, other).data).toEqual([]);
  });
});

describe('GET /api/users/ongoing-trip (provider call)', () => {
  it('answers {data: null} when nothing is under way, and the trip while it is, for driver and accepted passenger', async () => {
    const app = await build();
    const driver = await makeUser(app);
    const rider = await makeUser(app);
    const pendingRider = await makeUser(app);
    const trip = await makeTrip(app, driver.user.id, { date: inHours(2) });
    await app.db.trip.update({ where: { id: trip.id }, data: { estimated_time: '03:30' } });
    await addRequest(app, trip, rider.user.id, 1);
    await addRequest(app, trip, pendingRider.user.id, 0);
    const ask = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/users/ongoing-trip', headers });

    expect(expectContract(endpoints.users.ongoingTrip, await ask(driver.headers))).toEqual({ data: null });

    app.clock.travelTo(new Date(TEST_SEED.now.getTime() + 3 * HOUR_MS));
    expect(expectContract(endpoints.users.ongoingTrip, await ask(driver.headers)).data?.id).toBe(trip.id);
    expect(expectContract(endpoints.users.ongoingTrip, await ask(rider.headers)).data?.id).toBe(trip.id);
    expect(expectContract(endpoints.users.ongoingTrip, await ask(pendingRider.headers)).data).toBeNull();

    // 2 h + 3 h 30 after now the trip has arrived.
    app.clock.travelTo(new Date(TEST_SEED.now.getTime() + 6 * HOUR_MS));
    expect(expectContract(endpoints.users.ongoingTrip, await ask(driver.headers)).data).toBeNull();
    expect((await app.inject({ method: 'GET', url: '/api/users/ongoing-trip' })).statusCode).toBe(401);
  });

  it('ignores a deleted trip', async () => {
    const app = await build();
    const driver = await makeUser(app);
    await makeTrip(app, driver.user.id, { date: inHours(-0.5), deleted: true });
    const response = await app.inject({ method: 'GET', url: '/api/users/ongoing-trip', headers: driver.headers });
    expect(expectContract(endpoints.users.ongoingTrip, response)).toEqual({ data: null });
  });
});
