import { MatchersV3 } from '@pact-foundation/pact';
import { MAX_PAGE_SIZE, endpoints, type Trip } from '@carpool/contracts';
import { describe, expect, it } from 'vitest';
import type { ApiError } from '@/lib/api-client';
import { tripOwnerId } from '@/lib/trip-display';
import {
  authHeaders,
  authJsonHeaders,
  clientHeaders,
  createPact,
  dateTime,
  exampleTrip,
  fieldErrorsBody,
  loggedInClient,
  mockServerClient,
  paginationMatcher,
  tripMatcher,
} from '@/testing/pact';
import { tripPassengerMatcher } from '@/testing/pact-booking';
import { examplePdf, toFile, withMultipartBody, type FormFile } from '@/testing/pact-multipart';
import {
  adminViewMatcher,
  exampleOwnProfile,
  exampleStranger,
  exampleTripUser,
  newAccountMatcher,
  ownProfileMatcher,
  PUBLIC_PROFILE_FIELDS,
  publicProfileMatcher,
} from '@/testing/pact-users';

const pact = createPact();
/** The demo driver (conductor@carpool.ar), the owner of the provider states' plain trips. */
const demoDriverId = exampleTrip.user!.id;
/** The provider state of his two upcoming trips, and the check that a list holds his trips only. */
const driverPlainTrips: [string, { dates: string[] }] = ['the demo driver has only plain upcoming trips', { dates: ['2026-11-25 09:00:00', '2026-11-29 18:00:00'] }];
const expectDriverTrips = (trips: Trip[]) => expect(trips.every((trip) => tripOwnerId(trip) === demoDriverId)).toBe(true);

/** A driver's registration: account, bank data for the seat payments and a scanned document. */
const registration = {
  name: 'Valentina Ríos',
  email: 'valentina.rios@correo.com.ar',
  password: 'viajes-2026',
  password_confirmation: 'viajes-2026',
  birthday: '1995-06-14',
  terms_and_conditions: true,
  token: '03AFcWeA5rT8kq2Lm',
  user_be_driver: true,
  account_number: '0110599520000001234567',
  account_type: 'caja_ahorro',
  account_bank: '011',
};
const dni: FormFile = { field: 'driver_data_docs[]', filename: 'dni-frente.pdf', type: 'application/pdf', content: examplePdf };
/** The form as the api client encodes it (booleans as 'true'/'false'). */
const asFields = (body: Record<string, string | boolean>) =>
  Object.fromEntries(Object.entries(body).map(([key, value]) => [key, String(value)]));

const stranger = { email: 'sofia.etchegaray@correo.com.ar', name: exampleStranger.name };
/** The stranger as a profile shows them: friendship_state, not the friend search's state. */
const strangerProfile = { ...exampleStranger, state: undefined, friendship_state: 'none' as const };
/** A 1×1 PNG, the smallest photo the provider reads. */
const photo = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('users (consumer)', () => {
  it('registers a driver with a document (multipart)', async () => {
    await pact
      .addInteraction()
      .given('no account uses the e-mail', { email: registration.email })
      .uponReceiving('a registration with a driver document')
      .withRequest('POST', '/api/users', (builder) => withMultipartBody(builder, clientHeaders, asFields(registration), [dni]))
      .willRespondWith(200, (builder) => builder.jsonBody({ data: newAccountMatcher() }))
      .executeTest(async (server) => {
        const client = mockServerClient(server);
        const { data: user } = await client.call(endpoints.users.register, { body: { ...registration, driver_data_docs: [toFile(dni)] } });
        expect(user.email).toBe(registration.email);
        expect(user.active).toBe(0);
        expect(user.driver_data_docs).toHaveLength(1);
      });
  });

  it('is told when the e-mail of a registration is taken', async () => {
    const { user_be_driver: _driver, account_number: _number, account_type: _type, account_bank: _bank, ...passenger } = registration;
    const body = { ...passenger, email: 'pasajera@carpool.ar', name: 'Lucía Fernández' };
    await pact
      .addInteraction()
      .given('the demo accounts exist')
      .uponReceiving('a registration with a taken e-mail')
      .withRequest('POST', '/api/users', (builder) => withMultipartBody(builder, clientHeaders, asFields(body)))
      .willRespondWith(422, (builder) => builder.jsonBody(fieldErrorsBody({ email: 'The email has already been taken.' })))
      .executeTest(async (server) => {
        const client = mockServerClient(server);
        const error = await client.call(endpoints.users.register, { body }).catch((caught: ApiError) => caught);
        expect(error).toMatchObject({ status: 422 });
        expect((error as ApiError).fieldErrors.email).toHaveLength(1);
      });
  });

  it('reads the own profile with the account fields', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'pasajera@carpool.ar' })
      .uponReceiving('a request for the own profile')
      .withRequest('GET', '/api/users/me', (builder) => builder.headers(authHeaders))
      .willRespondWith(200, (builder) => builder.jsonBody({ data: ownProfileMatcher() }))
      .executeTest(async (server) => {
        const { data: user } = await loggedInClient(server).call(endpoints.users.show, { params: { id: 'me' } });
        expect(user.email).toBe(exampleOwnProfile.email);
        expect(user.nro_doc).toBe(exampleOwnProfile.nro_doc);
      });
  });

  it("reads a stranger's profile without the private fields", async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'pasajera@carpool.ar' })
      .given('a user who keeps the driver data private', stranger)
      .uponReceiving("a request for a stranger's profile")
      .withRequest('GET', MatchersV3.fromProviderState('/api/users/${userId}', `/api/users/${exampleStranger.id}`), (builder) =>
        builder.headers(authHeaders),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody({ data: publicProfileMatcher(strangerProfile, { friendship_state: MatchersV3.equal('none') }) }),
      )
      .executeTest(async (server) => {
        const { data: user } = await loggedInClient(server).call(endpoints.users.show, { params: { id: exampleStranger.id } });
        expect(user.name).toBe(stranger.name);
        expect(Object.keys(user).every((key) => (PUBLIC_PROFILE_FIELDS as readonly string[]).includes(key))).toBe(true);
        expect(user.email).toBeUndefined();
        expect(user.mobile_phone).toBeUndefined();
        // Admins alone learn who is banned (ProfileTransformer).
        expect(user.banned).toBeUndefined();
        expect(user.friendship_state).toBe('none');
      });
  });

  it("tells on a profile that the viewer's friend request is waiting (friendship_state)", async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'pasajera@carpool.ar' })
      .given('the passenger asked a member to be friends', { name: exampleStranger.name })
      .uponReceiving('a request for the profile of someone the viewer asked to be friends')
      .withRequest('GET', MatchersV3.fromProviderState('/api/users/${userId}', `/api/users/${exampleStranger.id}`), (builder) =>
        builder.headers(authHeaders),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          data: publicProfileMatcher(
            { ...strangerProfile, friendship_state: 'pending_sent' },
            { friendship_state: MatchersV3.equal('pending_sent'), references: MatchersV3.integer(0) },
          ),
        }),
      )
      .executeTest(async (server) => {
        const { data: user } = await loggedInClient(server).call(endpoints.users.show, { params: { id: exampleStranger.id } });
        expect(user.friendship_state).toBe('pending_sent');
        expect(user.references).toBe(0);
      });
  });

  it('lists users by name with the friendship state', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'pasajera@carpool.ar' })
      .given('users named like a search', { surname: 'Etchegaray' })
      .uponReceiving('a user list filtered by name')
      .withRequest('GET', '/api/users/list', (builder) => builder.headers(authHeaders).query({ value: 'Etchegaray', page: '1', page_size: '20' }))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          data: MatchersV3.eachLike(publicProfileMatcher(), 2),
          meta: paginationMatcher({ total: 2, count: 2, per_page: 20, current_page: 1, total_pages: 1 }),
        }),
      )
      .executeTest(async (server) => {
        const page = await loggedInClient(server).call(endpoints.users.list, { query: { value: 'Etchegaray', page: 1, page_size: 20 } });
        expect(page.data.every((user) => user.name.includes('Etchegaray'))).toBe(true);
        expect(page.data[0]?.state).toBe('none');
      });
  });

  it('leaves friends out of the user list (UserRepository::index)', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'pasajera@carpool.ar' })
      .given('the passenger has a friend', { name: exampleStranger.name })
      .uponReceiving("a user list filtered by a friend's name")
      .withRequest('GET', '/api/users/list', (builder) => builder.headers(authHeaders).query({ value: 'Etchegaray', page_size: '20' }))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({ data: [], meta: paginationMatcher({ total: 0, count: 0, per_page: 20, current_page: 1, total_pages: 0 }) }),
      )
      .executeTest(async (server) => {
        const page = await loggedInClient(server).call(endpoints.users.list, { query: { value: 'Etchegaray', page_size: 20 } });
        expect(page.data).toEqual([]);
      });
  });

  it('lets an admin search users by name, with their e-mail', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'admin@carpool.ar' })
      .given('users named like a search', { surname: 'Etchegaray' })
      .uponReceiving('an admin user search')
      .withRequest('GET', '/api/users/search', (builder) => builder.headers(authHeaders).query({ name: 'Etchegaray' }))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({ data: MatchersV3.eachLike(adminViewMatcher({ ...exampleStranger, email: stranger.email }), 2) }),
      )
      .executeTest(async (server) => {
        const { data } = await loggedInClient(server).call(endpoints.users.search, { query: { name: 'Etchegaray' } });
        expect(data[0]?.email).toContain('@');
      });
  });

  it('lets an admin find a user by document number (a term of digits, UserSearchFilter)', async () => {
    const nroDoc = '90123456';
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'admin@carpool.ar' })
      .given('a user with a document number', { ...stranger, nro_doc: nroDoc })
      .uponReceiving('an admin user search by document number')
      .withRequest('GET', '/api/users/search', (builder) => builder.headers(authHeaders).query({ name: nroDoc }))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          data: MatchersV3.eachLike(adminViewMatcher({ ...exampleStranger, email: stranger.email }, { nro_doc: MatchersV3.equal(nroDoc) }), 1),
        }),
      )
      .executeTest(async (server) => {
        const { data } = await loggedInClient(server).call(endpoints.users.search, { query: { name: nroDoc } });
        expect(data.map((user) => user.nro_doc)).toContain(nroDoc);
      });
  });

  it('updates the own profile (multipart, PUT sent as POST)', async () => {
    const changes = {
      description: 'Estudio en Buenos Aires y vuelvo a Rosario casi todos los viernes. Llevo poco equipaje.',
      mobile_phone: '3415559876',
      emails_notifications: false,
    };
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'pasajera@carpool.ar' })
      .uponReceiving('a profile update')
      .withRequest('POST', '/api/users', (builder) => withMultipartBody(builder, authHeaders, asFields({ _method: 'PUT', ...changes })))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          data: ownProfileMatcher({ ...exampleOwnProfile, ...changes, emails_notifications: 0 }, { emails_notifications: MatchersV3.equal(0) }),
        }),
      )
      .executeTest(async (server) => {
        const { data: user } = await loggedInClient(server).call(endpoints.users.update, { body: changes });
        expect(user.description).toBe(changes.description);
        expect(user.mobile_phone).toBe(changes.mobile_phone);
        expect(user.emails_notifications).toBe(0);
      });
  });

  it('replaces the profile photo', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'pasajera@carpool.ar' })
      .uponReceiving('a new profile photo')
      .withRequest('PUT', '/api/users/photo', (builder) => builder.headers(authJsonHeaders).jsonBody({ profile: photo }))
      .willRespondWith(200, (builder) => builder.jsonBody({ data: ownProfileMatcher({ ...exampleOwnProfile, image: 'user-3-mi4x2k9a-3f9c1e0b7a2d.png' }) }))
      .executeTest(async (server) => {
        const { data: user } = await loggedInClient(server).call(endpoints.users.updatePhoto, { body: { profile: photo } });
        expect(user.image).toMatch(/\.png$/);
      });
  });

  it('lets an admin verify a driver and leave a private note', async () => {
    const body = { driver_is_verified: true, private_note: 'Verificó DNI y licencia en persona.' };
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'admin@carpool.ar' })
      .given('a user who keeps the driver data private', stranger)
      .uponReceiving('an admin edit of a user')
      .withRequest('PUT', '/api/users/modify', (builder) =>
        builder.headers(authJsonHeaders).jsonBody({ user: { id: MatchersV3.fromProviderState('${userId}', exampleStranger.id) }, ...body }),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          data: adminViewMatcher(
            { ...exampleStranger, email: stranger.email, driver_is_verified: 1 },
            { driver_is_verified: MatchersV3.equal(1), private_note: body.private_note },
          ),
        }),
      )
      .executeTest(async (server) => {
        const { data: user } = await loggedInClient(server).call(endpoints.users.adminUpdate, { body: { user: { id: exampleStranger.id }, ...body } });
        expect(user.driver_is_verified).toBe(1);
        expect(user.private_note).toBe(body.private_note);
      });
  });

  it('reads the banks and account types of the driver module', async () => {
    await pact
      .addInteraction()
      .given('the country is Argentina')
      .uponReceiving('a request for the bank data')
      .withRequest('GET', '/api/users/bank-data', (builder) => builder.headers(clientHeaders))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          banks: MatchersV3.eachLike({ id: '011', name: 'Banco de la Nación Argentina' }, 1),
          cc: MatchersV3.eachLike({ id: 'caja_ahorro', name: 'Caja de ahorro' }, 1),
        }),
      )
      .executeTest(async (server) => {
        const client = mockServerClient(server);
        const banks = await client.call(endpoints.users.bankData);
        expect(banks.banks[0]?.name).toMatch(/Banco/);
        expect(banks.cc.length).toBeGreaterThan(0);
      });
  });

  it('reads the terms and conditions', async () => {
    await pact
      .addInteraction()
      .given('the country is Argentina')
      .uponReceiving('a request for the terms and conditions')
      .withRequest('GET', '/api/users/terms', (builder) => builder.headers(clientHeaders).query({ lang: 'arg' }))
      .willRespondWith(200, (builder) => builder.jsonBody({ content: MatchersV3.string('<h1>Términos y condiciones</h1><p>Al usar carpool aceptás…</p>') }))
      .executeTest(async (server) => {
        const client = mockServerClient(server);
        const terms = await client.call(endpoints.users.terms, { query: { lang: 'arg' } });
        expect(terms.content).toContain('<');
      });
  });

  it('marks the onboarding as viewed', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'pasajera@carpool.ar' })
      .uponReceiving('a switch of the onboarding-viewed property')
      .withRequest('POST', '/api/users/change/on_boarding_view/1', (builder) => builder.headers(authHeaders))
      .willRespondWith(200, (builder) => builder.jsonBody({ data: ownProfileMatcher(exampleOwnProfile, { on_boarding_view: MatchersV3.equal(1) }) }))
      .executeTest(async (server) => {
        const answer = await loggedInClient(server).call(endpoints.users.changeProperty, { params: { property: 'on_boarding_view', value: 1 } });
        expect('data' in answer && answer.data.on_boarding_view).toBe(1);
      });
  });

  it('switches the e-mail notifications off by the single-property call, as the provider allows', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'pasajera@carpool.ar' })
      .uponReceiving('a switch of the e-mail notifications property')
      .withRequest('POST', '/api/users/change/emails_notifications/0', (builder) => builder.headers(authHeaders))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({ data: ownProfileMatcher(exampleOwnProfile, { emails_notifications: MatchersV3.equal(0) }) }),
      )
      .executeTest(async (server) => {
        const answer = await loggedInClient(server).call(endpoints.users.changeProperty, { params: { property: 'emails_notifications', value: 0 } });
        expect('data' in answer && answer.data.emails_notifications).toBe(0);
      });
  });

  it('records a one-time donation', async () => {
    const body = { has_donated: true, has_denied: false, ammount: 2000, monthly: false };
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'pasajera@carpool.ar' })
      .uponReceiving('a one-time donation')
      .withRequest('POST', '/api/users/donation', (builder) => builder.headers(authJsonHeaders).jsonBody(body))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          donation: MatchersV3.like({
            id: 1,
            user_id: exampleOwnProfile.id,
            has_donated: MatchersV3.equal(1),
            has_denied: MatchersV3.equal(0),
            ammount: 2000,
            trip_id: null,
            created_at: dateTime('2026-11-22 12:00:00'),
          }),
        }),
      )
      .executeTest(async (server) => {
        const { donation } = await loggedInClient(server).call(endpoints.users.donation, { body });
        expect(donation.has_donated).toBe(1);
        expect(donation.ammount).toBe(2000);
      });
  });

  it("lists the driver's upcoming trips", async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'conductor@carpool.ar' })
      .given(...driverPlainTrips)
      .uponReceiving("a request for the user's upcoming trips as driver")
      .withRequest('GET', '/api/users/get-trips', (builder) => builder.headers(authHeaders).query({ as_driver: 'true' }))
      .willRespondWith(200, (builder) => builder.jsonBody({ data: MatchersV3.eachLike(tripMatcher(), 2) }))
      .executeTest(async (server) => {
        const { data } = await loggedInClient(server).call(endpoints.users.trips, { query: { as_driver: true } });
        expectDriverTrips(data);
      });
  });

  it("lists another user's upcoming trips as driver for an admin (get-trips honours user_id for admins)", async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'admin@carpool.ar' })
      .given(...driverPlainTrips)
      .uponReceiving("an admin's request for another user's upcoming trips as driver")
      .withRequest('GET', '/api/users/get-trips', (builder) =>
        builder.headers(authHeaders).query({ as_driver: 'true', user_id: MatchersV3.fromProviderState('${driverId}', String(demoDriverId)) }),
      )
      .willRespondWith(200, (builder) => builder.jsonBody({ data: MatchersV3.eachLike(tripMatcher(), 2) }))
      .executeTest(async (server) => {
        const { data } = await loggedInClient(server).call(endpoints.users.trips, { query: { as_driver: true, user_id: demoDriverId } });
        expectDriverTrips(data);
      });
  });

  it("lists another user's upcoming trips as driver through the search, as their profile asks it", async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'pasajera@carpool.ar' })
      .given(...driverPlainTrips)
      .uponReceiving("a search for a user's upcoming trips as driver")
      .withRequest('GET', '/api/trips', (builder) =>
        builder.headers(authHeaders).query({
          user_id: MatchersV3.fromProviderState('${driverId}', String(demoDriverId)),
          as_driver: 'true',
          page: '1',
          page_size: String(MAX_PAGE_SIZE),
        }),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          data: MatchersV3.eachLike(tripMatcher(), 2),
          meta: paginationMatcher({ total: 2, count: 2, per_page: MAX_PAGE_SIZE, current_page: 1, total_pages: 1 }),
        }),
      )
      .executeTest(async (server) => {
        const page = await loggedInClient(server).call(endpoints.trips.search, {
          query: { user_id: demoDriverId, as_driver: true, page: 1, page_size: MAX_PAGE_SIZE },
        });
        expectDriverTrips(page.data);
        expect(page.meta.pagination.current_page).toBe(page.meta.pagination.total_pages);
      });
  });

  it("answers a user's own trips when they ask for another user's (user_id is for admins, as the provider)", async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'pasajera@carpool.ar' })
      .given('the user has only plain upcoming trips of their own', { email: 'pasajera@carpool.ar', dates: ['2026-11-26 10:00:00'] })
      .uponReceiving("a non-admin's request for another user's upcoming trips as driver")
      .withRequest('GET', '/api/users/get-trips', (builder) => builder.headers(authHeaders).query({ as_driver: 'true', user_id: '1' }))
      .willRespondWith(200, (builder) => builder.jsonBody({ data: MatchersV3.eachLike(tripMatcher(), 1) }))
      .executeTest(async (server) => {
        const { data } = await loggedInClient(server).call(endpoints.users.trips, { query: { as_driver: true, user_id: 1 } });
        // The caller's own trips, none of user 1's: so a profile asks the search for another user's.
        expect(data.length).toBeGreaterThan(0);
        expect(data.some((trip) => tripOwnerId(trip) === 1)).toBe(false);
      });
  });

  it("lists the passenger's past trips", async () => {
    const pastTrip: Trip = {
      ...exampleTrip,
      trip_date: '2026-11-10 08:00:00',
      seats_available: 2,
      passenger_count: 1,
      passengerAccepted_count: 1,
      request_count: 1,
      passenger: [{ ...exampleTripUser, first_name: exampleTripUser.name.split(' ')[0]!, request_id: 901, request_state: 1 }],
    };
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'pasajera@carpool.ar' })
      .given('the passenger travelled on a past trip of the demo driver', { email: 'pasajera@carpool.ar', date: pastTrip.trip_date })
      .uponReceiving("a request for the user's past trips as passenger")
      .withRequest('GET', '/api/users/get-old-trips', (builder) => builder.headers(authHeaders).query({ as_driver: 'false' }))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({ data: MatchersV3.eachLike(tripMatcher(pastTrip, { passenger: MatchersV3.eachLike(tripPassengerMatcher(), 1) }), 1) }),
      )
      .executeTest(async (server) => {
        const { data } = await loggedInClient(server).call(endpoints.users.oldTrips, { query: { as_driver: false } });
        expect(data[0]?.passenger?.some((passenger) => passenger.id === exampleTripUser.id)).toBe(true);
      });
  });
});
