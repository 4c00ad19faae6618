import { MatchersV3 } from '@pact-foundation/pact';
import { PAGE_SIZES, RATED_ROLE, endpoints } from '@carpool/contracts';
import { describe, expect, it } from 'vitest';
import { authHeaders, authJsonHeaders, createPact, dateTime, errorBody, loggedInClient, okBody, paginationMatcher, tripMatcher } from '@/testing/pact';

const { like, eachLike, equal, string, integer, fromProviderState } = MatchersV3;
const pact = createPact();
const passenger = { email: 'pasajera@carpool.ar' };
const driver = { email: 'conductor@carpool.ar' };
const member = { name: 'Ramiro Quiroga', email: 'ramiro.quiroga@correo.com.ar' };
const COMMENT = 'Puntual, manejó con cuidado y esperó en la esquina.';

const ratingUser = (name: string) => like({ id: 12, name, image: string('perfil.jpg'), positive_ratings: 3, negative_ratings: 0 });
/** The full trip answer, as the provider's TripTransformer gives it without a viewer (no passengers shown). */
const ratingTrip = tripMatcher();

describe('ratings and references (consumer)', () => {
  it('lists the ratings I still owe', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', passenger)
      .given('the passenger and the driver travelled together two days ago', passenger)
      .uponReceiving('a request for my pending ratings')
      .withRequest('GET', '/api/users/ratings/pending', (builder) => builder.headers(authHeaders))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          data: eachLike(
            {
              id: integer(51),
              from: ratingUser('Lucía Fernández'),
              comment: string(''),
              rating: null,
              rate_at: null,
              reply_comment: string(''),
              reply_comment_created_at: null,
              to: ratingUser('Martín Gómez'),
              trip: ratingTrip,
              // The passenger owes the driver: the provider's Passenger::TYPE_CONDUCTOR.
              user_to_type: equal(RATED_ROLE.driver),
              user_to_state: integer(1),
            },
            1,
          ),
        }),
      )
      .executeTest(async (server) => {
        const answer = await loggedInClient(server).call(endpoints.ratings.pending);
        expect(answer.data[0]?.to.name).toBeTruthy();
        expect(answer.data[0]?.trip).toMatchObject({ to_town: 'Rosario', points: [{ json_address: { ciudad: 'Buenos Aires' } }, expect.anything()] });
      });
  });

  it('rates a trip partner', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', passenger)
      .given('the passenger and the driver travelled together two days ago', passenger)
      .uponReceiving('a positive rating of the driver')
      .withRequest('POST', fromProviderState('/api/trips/${tripId}/rate/${driverId}', '/api/trips/300/rate/12'), (builder) =>
        builder.headers(authJsonHeaders).jsonBody({ rating: 1, comment: COMMENT }),
      )
      .willRespondWith(200, (builder) => builder.jsonBody(okBody()))
      .executeTest(async (server) => {
        const answer = await loggedInClient(server).call(endpoints.ratings.rate, { params: { tripId: 300, userId: 12 }, body: { rating: 1, comment: COMMENT } });
        expect(answer.data).toBe('ok');
      });
  });

  // The provider answers every vote it cannot take with one code (RatingManager::rateUser).
  it.each([
    { state: 'the passenger already rated the driver', request: 'a second rating of the driver on the same trip' },
    { state: 'the rating window of the passenger and the driver closed', request: 'a rating of the driver after the rating window closed' },
  ])('is refused with user_have_already_voted: $request', async ({ state, request }) => {
    await pact
      .addInteraction()
      .given('the user is logged in', passenger)
      .given(state, passenger)
      .uponReceiving(request)
      .withRequest('POST', fromProviderState('/api/trips/${tripId}/rate/${driverId}', '/api/trips/300/rate/12'), (builder) =>
        builder.headers(authJsonHeaders).jsonBody({ rating: 1, comment: COMMENT }),
      )
      .willRespondWith(422, (builder) => builder.jsonBody(errorBody('user_have_already_voted')))
      .executeTest(async (server) => {
        await expect(
          loggedInClient(server).call(endpoints.ratings.rate, { params: { tripId: 300, userId: 12 }, body: { rating: 1, comment: COMMENT } }),
        ).rejects.toMatchObject({ status: 422, code: 'user_have_already_voted' });
      });
  });

  const publicRating = {
    id: integer(61),
    from: ratingUser('Lucía Fernández'),
    trip: ratingTrip,
    // The passenger rated the member who drove her: the rated user's role, TYPE_CONDUCTOR.
    user_to_type: equal(RATED_ROLE.driver),
    user_to_state: integer(1),
    rating: integer(1),
    comment: string(COMMENT),
    reply_comment: string(''),
    reply_comment_created_at: null,
    rate_at: dateTime('2026-11-23 09:30:00'),
  };

  it("lists a user's public ratings, 200 a page", async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', passenger)
      .given('the passenger and a member who drove her rated each other', { ...passenger, name: member.name, comment: COMMENT })
      .uponReceiving("a request for a member's ratings")
      .withRequest('GET', fromProviderState('/api/users/${memberId}/ratings', '/api/users/12/ratings'), (builder) =>
        builder.headers(authHeaders).query({ page: '1', page_size: String(PAGE_SIZES.ratings) }),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody({ data: eachLike(publicRating, 1), meta: paginationMatcher({ total: 1, count: 1, per_page: PAGE_SIZES.ratings, current_page: 1, total_pages: 1 }) }),
      )
      .executeTest(async (server) => {
        const answer = await loggedInClient(server).call(endpoints.ratings.listOfUser, { params: { id: 12 }, query: { page: 1, page_size: PAGE_SIZES.ratings } });
        expect(answer.data[0]?.comment).toBe(COMMENT);
      });
  });

  it("lists only a user's negative ratings (value=false)", async () => {
    const negative = 'No avisó que llegaba una hora tarde.';
    await pact
      .addInteraction()
      .given('the user is logged in', passenger)
      .given('a member who drove the passenger has a positive and a negative public rating', { ...passenger, name: member.name, comment: COMMENT, negative })
      .uponReceiving("a request for a member's negative ratings")
      .withRequest('GET', fromProviderState('/api/users/${memberId}/ratings', '/api/users/12/ratings'), (builder) =>
        builder.headers(authHeaders).query({ page: '1', page_size: String(PAGE_SIZES.ratings), value: 'false' }),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          data: eachLike({ ...publicRating, rating: equal(0), comment: string(negative) }, 1),
          meta: paginationMatcher({ total: 1, count: 1, per_page: PAGE_SIZES.ratings, current_page: 1, total_pages: 1 }),
        }),
      )
      .executeTest(async (server) => {
        const answer = await loggedInClient(server).call(endpoints.ratings.listOfUser, {
          params: { id: 12 },
          query: { page: 1, page_size: PAGE_SIZES.ratings, value: false },
        });
        expect(answer.data.map((rating) => rating.rating)).toEqual([0]);
      });
  });

  it('lists my own public ratings', async () => {
    await pact
      .addInteraction()
      .given('the passenger and a member who drove her rated each other', { ...passenger, name: member.name, comment: COMMENT })
      .given('the user is logged in', { email: member.email })
      .uponReceiving('a request for my ratings')
      .withRequest('GET', '/api/users/ratings', (builder) => builder.headers(authHeaders).query({ page: '1', page_size: String(PAGE_SIZES.ratings) }))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({ data: eachLike(publicRating, 1), meta: paginationMatcher({ total: 1, count: 1, per_page: PAGE_SIZES.ratings, current_page: 1, total_pages: 1 }) }),
      )
      .executeTest(async (server) => {
        const answer = await loggedInClient(server).call(endpoints.ratings.list, { query: { page: 1, page_size: PAGE_SIZES.ratings } });
        expect(answer.data).toHaveLength(1);
      });
  });

  it('replies once to a rating received', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', driver)
      .given('the passenger and the driver rated each other', { ...passenger, comment: COMMENT })
      .uponReceiving("the driver's reply to the passenger's rating")
      .withRequest('POST', fromProviderState('/api/trips/${tripId}/reply/${passengerId}', '/api/trips/300/reply/9'), (builder) =>
        builder.headers(authJsonHeaders).jsonBody({ comment: '¡Gracias, Lucía! Cuando quieras volvemos a viajar.' }),
      )
      .willRespondWith(200, (builder) => builder.jsonBody(okBody()))
      .executeTest(async (server) => {
        const answer = await loggedInClient(server).call(endpoints.ratings.reply, {
          params: { tripId: 300, userId: 9 },
          body: { comment: '¡Gracias, Lucía! Cuando quieras volvemos a viajar.' },
        });
        expect(answer.data).toBe('ok');
      });
  });

  it("writes a reference on another user's profile", async () => {
    const comment = 'La conozco del trabajo: responsable y muy puntual.';
    await pact
      .addInteraction()
      .given('the user is logged in', passenger)
      .given('a member without a reference from the passenger', { name: 'Sofía Etchegaray' })
      .uponReceiving('a reference for a member')
      .withRequest('POST', '/api/references', (builder) =>
        builder.headers(authJsonHeaders).jsonBody({ user_id_to: fromProviderState('${userId}', 40), comment }),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody({ id: integer(7), user_id_from: integer(9), user_id_to: integer(40), comment: string(comment), created_at: dateTime('2026-11-24 10:00:00') }),
      )
      .executeTest(async (server) => {
        const answer = await loggedInClient(server).call(endpoints.ratings.createReference, { body: { user_id_to: 40, comment } });
        expect(answer.comment).toBe(comment);
      });
  });
});
