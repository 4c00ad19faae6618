import { RATED_ROLE, TripSchema, endpoints, fullTripOf } from '@carpool/contracts';
import type { Trip } from '@prisma/client';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { HOUR_MS, addRequest, codeOf, expectError, makeTrip, makeUser, notificationsOf, type TestUser } from '../../test/booking';
import { DEMO, build, expectContract } from '../../test/helper';
import { TEST_SEED } from '../../test/seed-options';

let app: FastifyInstance;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * HOUR_MS;

/** Calls with a token issued at the server clock's "now" (tokens follow the clock, which these tests move). */
const call = (who: TestUser | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    headers: who ? { authorization: `Bearer ${app.services.auth.issueToken(who.user.id)}` } : {},
  });
const moveClock = async (to: Date) => {
  const response = await app.inject({ method: 'POST', url: '/__mock/clock', payload: { now: to.toISOString(), frozen: true } });
  expect(response.statusCode, response.body).toBe(200);
};
const pending = async (who: TestUser) => expectContract(endpoints.ratings.pending, await call(who, 'GET', '/api/users/ratings/pending')).data;
// Read as a provider client does: the provider sends neither trip_id nor user_id, only trip and to.
const pendingFor = async (who: TestUser, trip: Trip) => (await pending(who)).filter((row) => row.trip.id === trip.id).map((row) => row.to.id);
const rate = (who: TestUser, trip: Trip, other: TestUser, body: unknown) => call(who, 'POST', `/api/trips/${trip.id}/rate/${other.user.id}`, body);
const reply = (who: TestUser, trip: Trip, other: TestUser, body: unknown) => call(who, 'POST', `/api/trips/${trip.id}/reply/${other.user.id}`, body);
const ratingsOf = async (who: TestUser, viewer: TestUser = who) =>
  expectContract(endpoints.ratings.listOfUser, await call(viewer, 'GET', `/api/users/${who.user.id}/ratings?page_size=200`));
const counts = async (who: TestUser) => {
  const user = await app.db.user.findUniqueOrThrow({ where: { id: who.user.id } });
  return [user.positive_ratings, user.negative_ratings];
};
/** The provider's answer to a vote it cannot take (RatingController::rate, RatingManager::rateUser). */
const expectNotRateable = (response: Awaited<ReturnType<typeof call>>) => {
  expect(response.statusCode, response.body).toBe(422);
  expect(response.json()).toEqual({ message: 'Could not rate user.', errors: { error: 'user_have_already_voted' } });
};
const expectField = (response: Awaited<ReturnType<typeof call>>, field: string, text?: string) => {
  expect(response.statusCode, response.body).toBe(422);
  const errors = response.json<{ errors: Record<string, string[]> }>().errors;
  expect(errors[field], response.body).toEqual(expect.arrayContaining([expect.any(String)]));
  if (text) expect(errors[field]).toContain(text);
};

/** A driver's trip that started at `start`, with an accepted passenger plus a pending and a rejected one. */
async function tripWithParty(start: Date) {
  const driver = await makeUser(app, { name: 'Dora Conductora' });
  const passenger = await makeUser(app, { name: 'Pablo Pasajero' });
  const waiting = await makeUser(app);
  const rejected = await makeUser(app);
  const trip = await makeTrip(app, driver.user.id, { date: start });
  await addRequest(app, trip, passenger.user.id, 1);
  await addRequest(app, trip, waiting.user.id, 0);
  await addRequest(app, trip, rejected.user.id, 2);
  return { driver, passenger, waiting, rejected, trip };
}

beforeAll(async () => {
  app = await build();
});

describe('pending ratings follow the server clock', () => {
  it('open at trip start + 24 h (not at 23 h 59 min) for the driver and the accepted passengers only, and close after 14 days', async () => {
    const start = new Date(TEST_SEED.now.getTime() + 3 * DAY_MS);
    const { driver, passenger, waiting, rejected, trip } = await tripWithParty(start);

    await moveClock(new Date(start.getTime() + 24 * HOUR_MS - MINUTE_MS));
    expect(await app.db.rating.count({ where: { trip_id: trip.id } })).toBe(0);
    expect(await pendingFor(driver, trip)).toEqual([]);
    // Not open yet: no rating to take, the provider's one code for that (RatingManager::rateUser).
    expectNotRateable(await rate(passenger, trip, driver, { rating: 1, comment: '' }));

    // Moving the clock runs the job before /__mock/clock answers: the rows exist before any ratings call.
    await moveClock(new Date(start.getTime() + 24 * HOUR_MS));
    const rows = await app.db.rating.findMany({ where: { trip_id: trip.id }, orderBy: { id: 'asc' } });
    expect(rows.map((row) => [row.user_id_from, row.user_id_to, row.user_to_type, row.voted])).toEqual([
      // The provider's constants: the rated user's role, 0 the driver, 1 a passenger (RatingManager).
      [driver.user.id, passenger.user.id, 1, false],
      [passenger.user.id, driver.user.id, 0, false],
    ]);
    for (const who of [driver, passenger]) {
      expect((await notificationsOf(app, who.user.id)).map((n) => [n.type, n.text])).toContainEqual(['my-trips', 'Tienes un viaje por calificar.']);
    }
    expect(await pendingFor(driver, trip)).toEqual([passenger.user.id]);
    expect(await pendingFor(passenger, trip)).toEqual([driver.user.id]);
    expect(await pendingFor(waiting, trip)).toEqual([]);
    expect(await pendingFor(rejected, trip)).toEqual([]);
    const [row] = (await pending(passenger)).filter((r) => r.trip.id === trip.id);
    expect(row).toMatchObject({
      trip_id: trip.id,
      user_id: driver.user.id,
      user_to_type: RATED_ROLE.driver,
      user_to_state: 1,
      rating: null,
      rate_at: null,
      reply_comment: '',
      from: { id: passenger.user.id },
      to: { id: driver.user.id, name: 'Dora Conductora' },
    });
    // The full trip answer, as the provider's TripTransformer gives it without a viewer.
    // A valid trip answer whose every field but the viewer's ones is the trip page's (the page adds
    // what a viewer sees); no viewer: no passengers shown.
    const full = expectContract(endpoints.trips.show, await call(passenger, 'GET', `/api/trips/${trip.id}`)).data;
    const viewerFields = new Set(['passenger', 'car', 'allPassengerRequest', 'request']);
    const shared = Object.keys(row!.trip).filter((key) => !viewerFields.has(key));
    expect(shared.length).toBeGreaterThan(30);
    expect(TripSchema.safeParse(row!.trip).success).toBe(true);
    expect(Object.fromEntries(shared.map((key) => [key, (row!.trip as Record<string, unknown>)[key]]))).toEqual(
      Object.fromEntries(shared.map((key) => [key, (full as Record<string, unknown>)[key]])),
    );
    expect(row!.trip).toMatchObject({ passenger: [], request: '' });
    expect(row!.trip).toMatchObject({ user: { id: driver.user.id }, points: [{ json_address: expect.any(Object) }, { json_address: expect.any(Object) }] });
    expect((await pending(driver)).find((r) => r.trip.id === trip.id)).toMatchObject({ user_to_type: RATED_ROLE.passenger, to: { id: passenger.user.id } });

    // Running the job again (another move, the minute timer) never duplicates the pair.
    await moveClock(new Date(start.getTime() + 25 * HOUR_MS));
    expect(await app.db.rating.count({ where: { trip_id: trip.id } })).toBe(2);

    // Last minute of the 14 days: still open; at 14 days: closed.
    await moveClock(new Date(start.getTime() + 24 * HOUR_MS + 14 * DAY_MS - MINUTE_MS));
    expect(await pendingFor(driver, trip)).toEqual([passenger.user.id]);
    await moveClock(new Date(start.getTime() + 24 * HOUR_MS + 14 * DAY_MS));
    expect(await pendingFor(driver, trip)).toEqual([]);
    // Expired: the same answer as the provider's for a rating past its 14 days.
    expectNotRateable(await rate(driver, trip, passenger, { rating: 1, comment: '' }));
    expect(await app.db.rating.count({ where: { trip_id: trip.id, voted: true } })).toBe(0);
  });

  it('makes nothing for a trip without accepted passengers, a deleted trip, or one whose window already ended', async () => {
    const now = TEST_SEED.now.getTime() + 40 * DAY_MS;
    await moveClock(new Date(now));
    const driver = await makeUser(app);
    const passenger = await makeUser(app);
    const alone = await makeTrip(app, driver.user.id, { date: new Date(now - 2 * DAY_MS) });
    await addRequest(app, alone, passenger.user.id, 0);
    const deleted = await makeTrip(app, driver.user.id, { date: new Date(now - 2 * DAY_MS), deleted: true });
    await addRequest(app, deleted, passenger.user.id, 1);
    const old = await makeTrip(app, driver.user.id, { date: new Date(now - 16 * DAY_MS) });
    await addRequest(app, old, passenger.user.id, 1);
    await moveClock(new Date(now + MINUTE_MS));
    expect(await app.db.rating.count({ where: { trip_id: { in: [alone.id, deleted.id, old.id] } } })).toBe(0);
  });
});

describe('rating a trip partner', () => {
  let party: Awaited<ReturnType<typeof tripWithParty>>;
  let start: Date;
  beforeAll(async () => {
    start = new Date(TEST_SEED.now.getTime() + 60 * DAY_MS);
    party = await tripWithParty(start);
    await moveClock(new Date(start.getTime() + 30 * HOUR_MS));
  });

  it('refuses bad input in the provider format (422 field errors), never 500', async () => {
    const { driver, passenger, trip } = party;
    expectField(await rate(passenger, trip, driver, { rating: 0, comment: '' }), 'comment', 'El comentario no puede estar vacío para los votos negativos.');
    expectField(await rate(passenger, trip, driver, { rating: 0, comment: '   ' }), 'comment', 'El comentario no puede estar vacío para los votos negativos.');
    expectField(await rate(passenger, trip, driver, { rating: 2, comment: 'neutral' }), 'rating');
    expectField(await rate(passenger, trip, driver, { rating: 'good', comment: 'x' }), 'rating');
    expectField(await rate(passenger, trip, driver, { comment: 'sin voto' }), 'rating');
    expectField(await rate(passenger, trip, driver, { rating: 1, comment: 'x'.repeat(601) }), 'comment');
    const params = await call(passenger, 'POST', `/api/trips/abc/rate/${driver.user.id}`, { rating: 1, comment: '' });
    expect(params.statusCode).toBe(422);
    expect(await pendingFor(passenger, trip)).toEqual([driver.user.id]);
  });

  it('guests get 401; strangers, admins and the pending or rejected requesters have no rating to give (user_have_already_voted, as the provider)', async () => {
    const { driver, passenger, waiting, rejected, trip } = party;
    expect((await rate(null as never, trip, driver, { rating: 1, comment: '' })).statusCode).toBe(401);
    const stranger = await makeUser(app);
    const admin = await makeUser(app, { is_admin: true });
    for (const who of [stranger, admin, waiting, rejected]) {
      expectNotRateable(await rate(who, trip, driver, { rating: 1, comment: '' }));
    }
    expectNotRateable(await rate(driver, trip, driver, { rating: 1, comment: '' }));
    expectNotRateable(await call(passenger, 'POST', `/api/trips/999999/rate/${driver.user.id}`, { rating: 1, comment: '' }));
    // None of them touched the partners' open ratings.
    expect(await pendingFor(passenger, trip)).toEqual([driver.user.id]);
    expect(await pendingFor(driver, trip)).toEqual([passenger.user.id]);
  });

  it('one vote per pair and trip; public only when both voted; counts follow; the comment up to 600 is kept', async () => {
    const { driver, passenger, trip } = party;
    const comment = 'Llegó tarde y no avisó. '.padEnd(600, '.');
    const first = await rate(passenger, trip, driver, { rating: 0, comment });
    expect(expectContract(endpoints.ratings.rate, first)).toEqual({ data: 'ok' });
    expectNotRateable(await rate(passenger, trip, driver, { rating: 1, comment: '' }));
    expect(await pendingFor(passenger, trip)).toEqual([]);

    // The driver cannot see it before rating back, and the counts have not moved.
    expect((await ratingsOf(driver)).data.filter((r) => r.trip.id === trip.id)).toEqual([]);
    expect(await counts(driver)).toEqual([0, 0]);

    expect((await rate(driver, trip, passenger, { rating: 1, comment: '' })).statusCode).toBe(200);
    const mine = expectContract(endpoints.ratings.list, await call(driver, 'GET', '/api/users/ratings?page_size=200'));
    const got = mine.data.find((r) => r.trip.id === trip.id)!;
    expect(got).toMatchObject({
      from: { id: passenger.user.id, name: 'Pablo Pasajero' },
      trip: { id: trip.id, to_town: trip.to_town, trip_date: expect.any(String), points: expect.any(Array) },
      user_to_type: RATED_ROLE.driver,
      rating: 0,
      comment,
      reply_comment: '',
      reply_comment_created_at: null,
      voted: true,
    });
    expect(got.rate_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // As the provider's RatingTransformer: `to` only on rows not voted yet.
    expect(got).not.toHaveProperty('to');
    expect((await ratingsOf(passenger, driver)).data.find((r) => r.trip.id === trip.id)).toMatchObject({ user_to_type: RATED_ROLE.passenger, rating: 1, from: { id: driver.user.id } });
    expect(await counts(driver)).toEqual([0, 1]);
    expect(await counts(passenger)).toEqual([1, 0]);
    expect(mine.meta.pagination).toMatchObject({ per_page: 200, current_page: 1 });
  });

  it('the rated user replies once, up to 260 characters, when allow_rating_reply is set', async () => {
    const { driver, passenger, trip } = party;
    expectField(await reply(driver, trip, passenger, { comment: '' }), 'comment');
    expectField(await reply(driver, trip, passenger, { comment: 'x'.repeat(261) }), 'comment');
    expect((await reply(null as never, trip, passenger, { comment: 'hola' })).statusCode).toBe(401);
    // Only the rated user: someone nobody rated on the trip, or a rating from someone who never rated, has nothing to answer.
    const stranger = await makeUser(app);
    expectError(await reply(stranger, trip, passenger, { comment: 'hola' }), 422, 'user_have_already_replay');
    expectError(await reply(driver, trip, stranger, { comment: 'hola' }), 422, 'user_have_already_replay');

    app.country.config.allow_rating_reply = false;
    try {
      expectError(await reply(driver, trip, passenger, { comment: 'Hubo un corte en la ruta.' }), 422, 'access_denied');
    } finally {
      app.country.config.allow_rating_reply = true;
    }
    const text = 'Hubo un corte en la ruta. '.padEnd(260, '.');
    expect(expectContract(endpoints.ratings.reply, await reply(driver, trip, passenger, { comment: text }))).toEqual({ data: 'ok' });
    expectError(await reply(driver, trip, passenger, { comment: 'Otra vez' }), 422, 'user_have_already_replay');
    const got = (await ratingsOf(driver)).data.find((r) => r.trip.id === trip.id)!;
    expect(got.reply_comment).toBe(text);
    expect(got.reply_comment_created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('a rating not public yet cannot be answered; when the window ends a lone vote becomes public and counts', async () => {
    const lateStart = new Date(start.getTime() + 2 * DAY_MS);
    const other = await tripWithParty(lateStart);
    await moveClock(new Date(lateStart.getTime() + 26 * HOUR_MS));
    expect((await rate(other.passenger, other.trip, other.driver, { rating: 1, comment: 'Muy puntual' })).statusCode).toBe(200);
    expectError(await reply(other.driver, other.trip, other.passenger, { comment: 'Gracias' }), 422, 'access_denied');
    expect((await ratingsOf(other.driver)).data).toEqual([]);

    await moveClock(new Date(lateStart.getTime() + 24 * HOUR_MS + 14 * DAY_MS));
    const list = (await ratingsOf(other.driver)).data;
    expect(list.map((r) => [r.from.id, r.rating, r.comment])).toEqual([[other.passenger.user.id, 1, 'Muy puntual']]);
    expect(await counts(other.driver)).toEqual([1, 0]);
    // The driver never voted: nothing is published about the passenger.
    expect((await ratingsOf(other.passenger)).data).toEqual([]);
    expect((await reply(other.driver, other.trip, other.passenger, { comment: 'Gracias' })).statusCode).toBe(200);
  });
});

describe('ratings of a user', () => {
  it('guests get 401, an unknown user 422 profile not found, bad paging 422', async () => {
    const someone = await makeUser(app);
    expect((await call(null, 'GET', `/api/users/${someone.user.id}/ratings`)).statusCode).toBe(401);
    expect((await call(null, 'GET', '/api/users/ratings')).statusCode).toBe(401);
    expect((await call(null, 'GET', '/api/users/ratings/pending')).statusCode).toBe(401);
    const unknown = await call(someone, 'GET', '/api/users/99999999/ratings?page_size=200');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({ message: 'Users not found.', errors: { error: 'profile not found' } });
    expect((await call(someone, 'GET', `/api/users/${someone.user.id}/ratings?page=0`)).statusCode).toBe(422);
    expect((await call(someone, 'GET', `/api/users/${someone.user.id}/ratings?page_size=abc`)).statusCode).toBe(422);
  });

  it('pages of 200 by default, newest first', async () => {
    const rated = await makeUser(app);
    const base = TEST_SEED.now.getTime() + 200 * DAY_MS;
    const trips = [];
    for (let i = 0; i < 3; i += 1) {
      const author = await makeUser(app, { name: `Autor ${i}` });
      const trip = await makeTrip(app, rated.user.id, { date: new Date(base) });
      trips.push(trip);
      await app.db.rating.create({
        data: { trip_id: trip.id, user_id_from: author.user.id, user_id_to: rated.user.id, user_to_type: 1, rating: 1, comment: `c${i}`, voted: true, available: true, rate_at: new Date(base), created_at: new Date(base + i * MINUTE_MS) },
      });
    }
    const page = expectContract(endpoints.ratings.listOfUser, await call(rated, 'GET', `/api/users/${rated.user.id}/ratings`));
    expect(page.data.map((r) => r.comment)).toEqual(['c2', 'c1', 'c0']);
    expect(page.meta.pagination).toMatchObject({ total: 3, count: 3, per_page: 200, total_pages: 1 });
    const second = expectContract(endpoints.ratings.listOfUser, await call(rated, 'GET', `/api/users/${rated.user.id}/ratings?page=2&page_size=2`));
    expect(second.data.map((r) => r.comment)).toEqual(['c0']);
  });
});

describe('the ratings lists filtered by value', () => {
  /** A user with public ratings 1, 0, 1 and a neutral 2 (the provider's), plus a positive one not public yet. */
  async function ratedUser() {
    const rated = await makeUser(app);
    const base = TEST_SEED.now.getTime() + 220 * DAY_MS;
    const votes: [rating: number, available: boolean][] = [[1, true], [0, true], [1, true], [2, true], [1, false]];
    for (const [i, [rating, available]] of votes.entries()) {
      const author = await makeUser(app);
      const trip = await makeTrip(app, rated.user.id, { date: new Date(base) });
      await app.db.rating.create({
        data: { trip_id: trip.id, user_id_from: author.user.id, user_id_to: rated.user.id, user_to_type: 0, rating, comment: `v${i}`, voted: true, available, rate_at: new Date(base), created_at: new Date(base + i * MINUTE_MS) },
      });
    }
    return rated;
  }
  const comments = async (viewer: TestUser, url: string) => expectContract(endpoints.ratings.listOfUser, await call(viewer, 'GET', url)).data.map((r) => r.comment);

  it('true keeps the positive ones, false the negative ones, as the provider parses a PHP boolean; no or an empty value keeps all', async () => {
    const rated = await ratedUser();
    const url = `/api/users/${rated.user.id}/ratings`;
    for (const positive of ['true', '1', 'on', 'YES', ' true ']) {
      expect(await comments(rated, `${url}?value=${encodeURIComponent(positive)}`), positive).toEqual(['v2', 'v0']);
    }
    for (const negative of ['false', '0', 'no', 'off', 'positivo']) {
      expect(await comments(rated, `${url}?value=${negative}`), negative).toEqual(['v1']);
    }
    expect(await comments(rated, url)).toEqual(['v3', 'v2', 'v1', 'v0']);
    expect(await comments(rated, `${url}?value=`)).toEqual(['v3', 'v2', 'v1', 'v0']);
    const page = expectContract(endpoints.ratings.listOfUser, await call(rated, 'GET', `${url}?value=true&page_size=1&page=2`));
    expect(page.data.map((r) => r.comment)).toEqual(['v0']);
    expect(page.meta.pagination).toMatchObject({ total: 2, per_page: 1, current_page: 2, total_pages: 2 });
  });

  it('filters the caller\'s own list too; any other user and an admin read the same filtered list; guests get 401', async () => {
    const rated = await ratedUser();
    const own = expectContract(endpoints.ratings.list, await call(rated, 'GET', '/api/users/ratings?value=false'));
    expect(own.data.map((r) => [r.comment, r.rating])).toEqual([['v1', 0]]);
    const stranger = await makeUser(app);
    const admin = await makeUser(app, { is_admin: true });
    for (const viewer of [stranger, admin]) {
      expect(await comments(viewer, `/api/users/${rated.user.id}/ratings?value=1`)).toEqual(['v2', 'v0']);
    }
    expect((await call(null, 'GET', `/api/users/${rated.user.id}/ratings?value=1`)).statusCode).toBe(401);
    expect((await call(null, 'GET', '/api/users/ratings?value=1')).statusCode).toBe(401);
  });
});

describe('references', () => {
  const write = (who: TestUser | null, body: unknown) => call(who, 'POST', '/api/references', body);

  it('one per author and profile, not to oneself, up to 260, with the author on references_data', async () => {
    const author = await makeUser(app, { name: 'Ana Referente', image: 'ana.jpg' });
    const target = await makeUser(app);
    const comment = 'Muy buena compañera de viaje. '.padEnd(260, '.');
    const created = expectContract(endpoints.ratings.createReference, await write(author, { user_id_to: target.user.id, comment }));
    expect(created).toMatchObject({ user_id_from: author.user.id, user_id_to: target.user.id, comment, from: { id: author.user.id, name: 'Ana Referente', image: 'ana.jpg' } });

    const again = await write(author, { user_id_to: target.user.id, comment: 'Otra' });
    expectError(again, 422, 'reference_exist');
    expect(again.json().message).toBe('Could not rate user.');
    expectError(await write(author, { user_id_to: author.user.id, comment: 'Yo' }), 422, 'reference_same_user');
    expectError(await write(author, { user_id_to: 99999999, comment: 'Nadie' }), 422, 'user_doesnt_exist');

    const profile = expectContract(endpoints.users.show, await call(await makeUser(app), 'GET', `/api/users/${target.user.id}`));
    expect(profile.data.references_data).toEqual([
      expect.objectContaining({ user_id_from: author.user.id, comment, from: { id: author.user.id, name: 'Ana Referente', image: 'ana.jpg' } }),
    ]);
  });

  it('bad input is a 422 field error; guests get 401', async () => {
    const author = await makeUser(app);
    const target = await makeUser(app);
    expectField(await write(author, { user_id_to: target.user.id, comment: '' }), 'comment');
    expectField(await write(author, { user_id_to: target.user.id, comment: 'x'.repeat(261) }), 'comment');
    expectField(await write(author, { comment: 'sin destino' }), 'user_id_to');
    expectField(await write(author, { user_id_to: 'abc', comment: 'hola' }), 'user_id_to');
    expect((await write(null, { user_id_to: target.user.id, comment: 'hola' })).statusCode).toBe(401);
    expect(await app.db.reference.count({ where: { user_id_to: target.user.id } })).toBe(0);
    expect(codeOf(await write(author, { user_id_to: target.user.id, comment: 'Recomendable' }))).toBeUndefined();
  });
});

describe('the seeded demo', () => {
  it('has pending ratings between the demo driver and passenger, public ratings with a reply, references and a monthly donor', async () => {
    const byEmail = async (email: string) => {
      const user = await app.db.user.findUniqueOrThrow({ where: { email } });
      return { user, token: '', headers: { authorization: '' } } satisfies TestUser;
    };
    await moveClock(TEST_SEED.now);
    const driver = await byEmail('conductor@carpool.ar');
    const passenger = await byEmail('pasajera@carpool.ar');
    const donor = await byEmail('donante@carpool.ar');
    expect((await pending(passenger)).map((row) => row.user_id)).toContain(driver.user.id);
    expect((await pending(driver)).map((row) => row.user_id)).toContain(passenger.user.id);
    const received = (await ratingsOf(driver)).data;
    expect(received.length).toBeGreaterThan(0);
    expect(received.some((row) => row.reply_comment === '¡Gracias! Fue un gusto compartir el viaje.')).toBe(true);
    const profile = expectContract(endpoints.users.show, await call(driver, 'GET', '/api/users/me'));
    expect(profile.data.references_data?.length).toBeGreaterThan(0);
    expect(profile.data.references_data?.[0]?.from?.name).toEqual(expect.any(String));
    const donorProfile = expectContract(endpoints.users.show, await call(donor, 'GET', '/api/users/me'));
    expect(donorProfile.data.monthly_donate).toBeTruthy();
    expect(codeOf(await call(donor, 'GET', '/api/users/me'))).toBeUndefined();
  });
});

describe('the demo accounts (seed)', () => {
  it('owe each other the past trip to Rosario, each row with the full trip and the provider\'s user_to_type', async () => {
    const demo = await build();
    const get = async (email: string, url: string) => {
      const user = await demo.db.user.findUniqueOrThrow({ where: { email } });
      return demo.inject({ method: 'GET', url, headers: { authorization: `Bearer ${demo.services.auth.issueToken(user.id)}` } });
    };
    const driver = await demo.db.user.findUniqueOrThrow({ where: { email: DEMO.driver.email } });
    const lucia = await demo.db.user.findUniqueOrThrow({ where: { email: DEMO.passenger.email } });
    const owedByLucia = expectContract(endpoints.ratings.pending, await get(DEMO.passenger.email, '/api/users/ratings/pending')).data;
    const toDriver = owedByLucia.find((row) => row.to.id === driver.id);
    expect(toDriver).toMatchObject({ user_to_type: RATED_ROLE.driver, trip: { user: { id: driver.id }, to_town: 'Rosario' } });
    expect(fullTripOf(toDriver!.trip)?.points).toEqual(expect.arrayContaining([expect.objectContaining({ json_address: expect.objectContaining({ ciudad: 'Rosario' }) })]));
    const owedByDriver = expectContract(endpoints.ratings.pending, await get(DEMO.driver.email, '/api/users/ratings/pending')).data;
    expect(owedByDriver.find((row) => row.to.id === lucia.id && row.trip.id === toDriver!.trip.id)).toMatchObject({ user_to_type: RATED_ROLE.passenger });

    // The driver's public ratings come from his passengers: 0, as the provider stores them.
    const received = expectContract(endpoints.ratings.list, await get(DEMO.driver.email, '/api/users/ratings?page_size=200')).data;
    expect(received.length).toBeGreaterThan(0);
    expect(new Set(received.map((row) => row.user_to_type))).toEqual(new Set([RATED_ROLE.driver]));
  });
});
