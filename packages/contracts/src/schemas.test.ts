import { describe, expect, it } from 'vitest';
import { ChartRangeQuerySchema } from './admin';
import { CarBodySchema, CarCreateBodySchema } from './cars';
import { FULL_NAME_MAX, LENGTHS, PAGE_SIZES, UPLOADS } from './constants';
import { MessagesQuerySchema, MultiSendBodySchema, SendMessageBodySchema } from './conversations';
import { todayInArgentina } from './dates';
import { DeviceBodySchema, DeviceUpdateBodySchema } from './devices';
import { endpoints } from './endpoints';
import { LogBodySchema } from './logging';
import { NotificationSchema } from './notifications';
import { RateBodySchema, ReferenceBodySchema, ReplyBodySchema } from './ratings';
import { SubscriptionBodySchema, SubscriptionUpdateBodySchema } from './subscriptions';
import { TripBodySchema } from './trips';
import {
  AdminUserUpdateBodySchema,
  PhotoBodySchema,
  ProfileUpdateBodySchema,
  RegistrationBodySchema,
  UserSchema,
} from './users';

const pdf = { filename: 'dni.pdf', mimetype: 'application/pdf', size: 120_000 };
const issuePaths = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  (result.error?.issues ?? []).map((issue) => issue.path.join('.'));

/** A registration as the server's multipart parser hands it over: text as strings, files as descriptors. */
const registration = {
  email: 'ana.perez@example.com',
  password: 'secreto123',
  password_confirmation: 'secreto123',
  name: 'Ana Pérez',
  terms_and_conditions: 'true',
  birthday: '1990-05-17',
  account_number: '',
  account_type: '',
  account_bank: '',
  token: 'anti-bot-token',
  user_be_driver: '1',
  driver_data_docs: pdf,
};

describe('registration (multipart)', () => {
  it('accepts a parsed multipart form, one file becoming a list', () => {
    const parsed = RegistrationBodySchema.parse(registration);
    expect(parsed.terms_and_conditions).toBe(true);
    expect(parsed.user_be_driver).toBe(true);
    expect(parsed.driver_data_docs).toEqual([pdf]);
    // Empty text fields count as absent.
    expect(parsed.account_number).toBeUndefined();
  });

  it('accepts several files and no optional fields', () => {
    const { birthday: _b, user_be_driver: _u, driver_data_docs: _d, ...required } = registration;
    expect(RegistrationBodySchema.safeParse(required).success).toBe(true);
    const twoDocs = RegistrationBodySchema.parse({ ...registration, driver_data_docs: [pdf, pdf] });
    expect(twoDocs.driver_data_docs).toHaveLength(2);
  });

  it('refuses what spec §5 refuses', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'no-es-un-mail' }, 'email'],
      [{ email: `${'a'.repeat(LENGTHS.email)}@x.com` }, 'email'],
      [{ password: 'corta', password_confirmation: 'corta' }, 'password'],
      [{ password: 'x'.repeat(LENGTHS.password + 1) }, 'password'],
      [{ password_confirmation: 'otra-cosa' }, 'password_confirmation'],
      [{ name: 'x'.repeat(FULL_NAME_MAX + 1) }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ terms_and_conditions: 'false' }, 'terms_and_conditions'],
      [{ birthday: '1899-12-31' }, 'birthday'],
      [{ birthday: '2999-01-01' }, 'birthday'],
      [{ birthday: '17/05/1990' }, 'birthday'],
      [{ token: undefined }, 'token'],
      [{ token: ' ' }, 'token'],
      [{ driver_data_docs: { ...pdf, mimetype: 'application/zip' } }, 'driver_data_docs.0.mimetype'],
      [{ driver_data_docs: { ...pdf, size: UPLOADS.maxFileBytes + 1 } }, 'driver_data_docs.0.size'],
    ];
    for (const [change, path] of cases) {
      const result = RegistrationBodySchema.safeParse({ ...registration, ...change });
      expect(result.success, JSON.stringify(change)).toBe(false);
      expect(issuePaths(result)).toContain(path);
    }
  });

  it('takes the joined first and last name at their longest', () => {
    const name = `${'a'.repeat(LENGTHS.userName)} ${'b'.repeat(LENGTHS.userName)}`;
    expect(RegistrationBodySchema.safeParse({ ...registration, name }).success).toBe(true);
  });
});

describe('profile updates', () => {
  it("takes the name registration makes (25 + space + 25) and refuses a longer one (41.8)", () => {
    const name = `${'a'.repeat(LENGTHS.userName)} ${'b'.repeat(LENGTHS.userName)}`;
    expect(name).toHaveLength(FULL_NAME_MAX);
    expect(ProfileUpdateBodySchema.safeParse({ name }).success).toBe(true);
    expect(ProfileUpdateBodySchema.safeParse({ name: `${name}c` }).success).toBe(false);
  });

  it('accepts the multipart profile form with _method=PUT, keeping stored documents', () => {
    const parsed = ProfileUpdateBodySchema.parse({
      _method: 'PUT',
      description: 'Viajo seguido a Rosario por trabajo.',
      nro_doc: '30123456',
      mobile_phone: '3415551234',
      patente: 'AB123CD',
      data_visibility: '1',
      emails_notifications: '0',
      unaswered_messages_limit: '3',
      password: '',
      password_confirmation: '',
      driver_data_docs: ['20240101-dni.jpg', { filename: 'carnet.png', mimetype: 'image/png', size: 2048 }],
    });
    expect(parsed.unaswered_messages_limit).toBe(3);
    expect(parsed.emails_notifications).toBe(false);
    expect(parsed.password).toBeUndefined();
    expect(parsed.driver_data_docs).toHaveLength(2);
  });

  it('refuses short descriptions, bad documents and phones, and unequal passwords', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ description: 'a b c d e f g h i' }, 'description'],
      [{ description: 'x'.repeat(LENGTHS.userDescription + 1) }, 'description'],
      [{ nro_doc: '123456' }, 'nro_doc'],
      [{ nro_doc: '123456789' }, 'nro_doc'],
      [{ nro_doc: '30.123.456' }, 'nro_doc'],
      [{ mobile_phone: '341-555' }, 'mobile_phone'],
      [{ mobile_phone: '1'.repeat(LENGTHS.phoneMax + 1) }, 'mobile_phone'],
      [{ patente: 'x'.repeat(LENGTHS.patente + 1) }, 'patente'],
      [{ password: 'nueva-clave', password_confirmation: 'otra-clave' }, 'password_confirmation'],
    ];
    for (const [body, path] of cases) {
      expect(issuePaths(ProfileUpdateBodySchema.safeParse(body)), JSON.stringify(body)).toContain(path);
    }
  });

  it('takes the photo as a base64 image data URL', () => {
    expect(PhotoBodySchema.safeParse({ profile: 'data:image/jpeg;base64,/9j/4AAQSkZJRg==' }).success).toBe(true);
    expect(PhotoBodySchema.safeParse({ profile: 'data:text/html;base64,PGh0bWw+' }).success).toBe(false);
    expect(PhotoBodySchema.safeParse({ profile: 'https://example.com/a.jpg' }).success).toBe(false);
  });

  it('applies the admin limits', () => {
    const base = { user: { id: 5 } };
    expect(AdminUserUpdateBodySchema.safeParse({ ...base, banned: true, private_note: 'ok' }).success).toBe(true);
    const longNote = AdminUserUpdateBodySchema.safeParse({ ...base, private_note: 'x'.repeat(LENGTHS.privateNote + 1) });
    expect(issuePaths(longNote)).toContain('private_note');
    const longDescription = AdminUserUpdateBodySchema.safeParse({
      ...base,
      description: 'x'.repeat(LENGTHS.adminDescription + 1),
    });
    expect(issuePaths(longDescription)).toContain('description');
    const plate = AdminUserUpdateBodySchema.safeParse({ ...base, patente: 'x'.repeat(LENGTHS.patente + 1) });
    expect(plate.error?.issues[0]?.message).toBe('La patente no puede tener más de 20 caracteres');
    expect(AdminUserUpdateBodySchema.safeParse({ banned: true }).success).toBe(false);
  });
});

describe('path and query parameters', () => {
  it("reads a user id or 'me'", () => {
    const params = endpoints.users.show.params;
    expect(params.parse({ id: 'me' })).toEqual({ id: 'me' });
    expect(params.parse({ id: '42' })).toEqual({ id: 42 });
    expect(params.safeParse({ id: 'otro' }).success).toBe(false);
  });

  it('switches only the known properties', () => {
    const params = endpoints.users.changeProperty.params;
    expect(params.parse({ property: 'on_boarding_view', value: '1' })).toEqual({
      property: 'on_boarding_view',
      value: true,
    });
    expect(params.safeParse({ property: 'is_admin', value: '1' }).success).toBe(false);
  });

  it('defaults page sizes to the spec values', () => {
    expect(endpoints.ratings.list.query.parse({}).page_size).toBe(PAGE_SIZES.ratings);
    // Notifications page only when page and page_size are both sent (NotificationManager::getNotifications).
    expect(endpoints.notifications.list.query.parse({ page: '2' })).toEqual({ page: 2 });
    expect(endpoints.notifications.list.query.parse({ page: '2', page_size: String(PAGE_SIZES.notifications), mark: 'true' })).toEqual({
      page: 2,
      page_size: PAGE_SIZES.notifications,
      mark: true,
    });
    expect(MessagesQuerySchema.parse({ read: 'true' })).toMatchObject({ read: true, pageSize: PAGE_SIZES.messages });
    expect(endpoints.friends.list.query.safeParse({ page: '0' }).success).toBe(false);
  });

  it('reads chart month ranges', () => {
    expect(ChartRangeQuerySchema.safeParse({ date_from: '2025-01', date_to: '2025-06' }).success).toBe(true);
    expect(ChartRangeQuerySchema.safeParse({ date_from: '2025-06', date_to: '2025-01' }).success).toBe(false);
    expect(ChartRangeQuerySchema.safeParse({ date_from: '2025-13' }).success).toBe(false);
  });
});

describe('trip body', () => {
  const point = (town: string, lat: number, lng: number) => ({
    address: `${town}, Santa Fe, Argentina`,
    json_address: { ciudad: town, provincia: 'Santa Fe', country: 'AR' },
    lat,
    lng,
  });
  const trip = {
    from_town: 'Rosario',
    to_town: 'Santa Fe',
    trip_date: '2030-03-01 08:00:00',
    total_seats: 3,
    description: 'Salgo desde el centro.',
    no_lucrar: true,
    points: [point('Rosario', -32.95, -60.65), point('Santa Fe', -31.63, -60.7)],
  };

  it('accepts a driver trip and fills the defaults', () => {
    const parsed = TripBodySchema.parse(trip);
    expect(parsed).toMatchObject({ is_passenger: false, friendship_type_id: 2, seat_price_cents: 0 });
  });

  it('refuses seats outside 1–4, a long description and a single point', () => {
    expect(TripBodySchema.safeParse({ ...trip, total_seats: 5 }).success).toBe(false);
    expect(TripBodySchema.safeParse({ ...trip, total_seats: 0 }).success).toBe(false);
    expect(TripBodySchema.safeParse({ ...trip, description: 'x'.repeat(LENGTHS.tripDescription + 1) }).success).toBe(
      false,
    );
    expect(TripBodySchema.safeParse({ ...trip, points: [trip.points[0]] }).success).toBe(false);
  });
});

describe('subscription body', () => {
  const subscription = {
    trip_date: null,
    from_address: 'Rosario, Santa Fe',
    from_lat: -32.95,
    from_lng: -60.65,
    from_radio: 25_000,
    from_json_address: { ciudad: 'Rosario' },
    to_address: 'Córdoba, Córdoba',
    to_lat: -31.42,
    to_lng: -64.18,
    to_radio: 25_000,
    is_passenger: 'false',
  };

  it('accepts a saved search, one end or a day being optional', () => {
    expect(SubscriptionBodySchema.parse(subscription).is_passenger).toBe(false);
    const { to_address: _a, to_lat: _b, to_lng: _c, to_radio: _d, ...onlyOrigin } = subscription;
    expect(SubscriptionBodySchema.safeParse({ ...onlyOrigin, trip_date: todayInArgentina() }).success).toBe(true);
  });

  it('refuses an address without position and a malformed day (the server refuses past days by its clock)', () => {
    expect(issuePaths(SubscriptionBodySchema.safeParse({ ...subscription, from_lat: undefined }))).toContain(
      'from_lat',
    );
    expect(issuePaths(SubscriptionBodySchema.safeParse({ ...subscription, trip_date: '22/11/2026' }))).toContain(
      'trip_date',
    );
    expect(SubscriptionBodySchema.safeParse({ ...subscription, from_lat: -91 }).success).toBe(false);
  });

  it('changes only what an update sends', () => {
    expect(SubscriptionUpdateBodySchema.parse({ state: '0' })).toEqual({ state: false });
  });
});

describe('messages', () => {
  it('sends up to 800 characters, never blank', () => {
    expect(SendMessageBodySchema.safeParse({ message: 'x'.repeat(LENGTHS.message) }).success).toBe(true);
    expect(SendMessageBodySchema.safeParse({ message: 'x'.repeat(LENGTHS.message + 1) }).success).toBe(false);
    expect(SendMessageBodySchema.safeParse({ message: '  \n ' }).success).toBe(false);
    expect(MultiSendBodySchema.safeParse({ message: 'Salgo 8:15', users: [3, 4] }).success).toBe(true);
    expect(MultiSendBodySchema.safeParse({ message: 'Salgo 8:15', users: [] }).success).toBe(false);
  });
});

describe('ratings and references', () => {
  it('takes a comment up to 600 characters, required for a negative vote', () => {
    expect(RateBodySchema.safeParse({ rating: 1 }).success).toBe(true);
    expect(RateBodySchema.safeParse({ rating: 1, comment: 'x'.repeat(LENGTHS.ratingComment) }).success).toBe(true);
    expect(RateBodySchema.safeParse({ rating: 1, comment: 'x'.repeat(LENGTHS.ratingComment + 1) }).success).toBe(
      false,
    );
    const negative = RateBodySchema.safeParse({ rating: 0, comment: ' ' });
    expect(negative.error?.issues[0]?.message).toBe('El comentario no puede estar vacío para los votos negativos.');
    expect(RateBodySchema.safeParse({ rating: 0, comment: 'Llegó tarde.' }).success).toBe(true);
    expect(RateBodySchema.safeParse({ rating: 2 }).success).toBe(false);
  });

  it('takes replies and references up to 260 characters', () => {
    expect(ReplyBodySchema.safeParse({ comment: 'x'.repeat(LENGTHS.ratingReply) }).success).toBe(true);
    expect(ReplyBodySchema.safeParse({ comment: 'x'.repeat(LENGTHS.ratingReply + 1) }).success).toBe(false);
    expect(ReferenceBodySchema.safeParse({ user_id_to: 9, comment: 'Muy buena compañera.' }).success).toBe(true);
    expect(ReferenceBodySchema.safeParse({ user_id_to: 9, comment: 'x'.repeat(LENGTHS.reference + 1) }).success).toBe(
      false,
    );
  });
});

describe('other bodies', () => {
  it('cars, devices and logs', () => {
    expect(CarBodySchema.safeParse({ patente: 'AB123CD', description: 'Gol gris' }).success).toBe(true);
    expect(CarBodySchema.safeParse({ patente: '', description: 'Gol gris' }).success).toBe(false);
    // The provider's CarsManager: description nullable; year, colour, brand and model on create only.
    const newCar = { patente: 'AE482KT', year: 2019, car_color_id: 1, car_brand_id: 2, car_model_id: 3 };
    expect(CarCreateBodySchema.safeParse(newCar).success).toBe(true);
    expect(CarCreateBodySchema.safeParse({ ...newCar, description: null }).success).toBe(true);
    expect(CarCreateBodySchema.safeParse({ ...newCar, year: undefined }).error?.issues.map((i) => i.path[0])).toEqual(['year']);
    expect(CarCreateBodySchema.safeParse({ ...newCar, car_color_id: null }).error?.issues.map((i) => i.path[0])).toEqual(['car_color_id']);
    expect(CarCreateBodySchema.safeParse({ ...newCar, car_model_id: null }).success).toBe(false);
    expect(CarCreateBodySchema.safeParse({ ...newCar, car_model_id: null, model_other: 'Cronos' }).success).toBe(true);
    expect(CarCreateBodySchema.safeParse({ ...newCar, year: 1899 }).success).toBe(false);
    expect(CarBodySchema.safeParse({ patente: 'AE482KT' }).success).toBe(true);
    expect(CarBodySchema.safeParse({ patente: 'AE482KT', car_brand_id: 2, brand_other: 'Otra' }).success).toBe(false);
    expect(DeviceBodySchema.parse({})).toEqual({ device_type: 'browser', app_version: 3, notifications: true });
    expect(DeviceUpdateBodySchema.parse({ notifications: 'false' })).toEqual({ notifications: false });
    // The provider answers 200 to any log body: the server cuts and drops, the contract refuses nothing.
    for (const body of [undefined, [], { log: 'x'.repeat(LENGTHS.log + 1) }, { log: { nested: 1 }, context: 'x' }]) expect(LogBodySchema.safeParse(body).success).toBe(true);
    expect(LogBodySchema.parse(undefined)).toEqual({});
  });
});

describe('answers', () => {
  it('reads a user profile as the provider writes it (flags as 0/1)', () => {
    const user = UserSchema.parse({
      id: 7,
      name: 'Ana Pérez',
      image: null,
      description: null,
      driver_is_verified: 0,
      active: 1,
      banned: 0,
      has_pin: 0,
      is_member: 0,
      last_connection: '2025-06-01 10:00:00',
      positive_ratings: 4,
      negative_ratings: 0,
      monthly_donate: false,
      unaswered_messages_limit: 0,
      state: 'none',
      gender: 'N/A',
    });
    expect(user.state).toBe('none');
    expect(UserSchema.safeParse({ ...user, state: 'amigo' }).success).toBe(false);
  });

  it("reads another user's profile as ProfileTransformer writes it for a non-admin viewer", () => {
    const profile = {
      id: 9,
      name: 'Sofía Etchegaray',
      image: null,
      description: 'Viajo los viernes.',
      driver_is_verified: 0,
      active: 1,
      has_pin: 0,
      is_member: 0,
      // No `banned` (admins only); never connected; the nullable columns before a first chat.
      last_connection: '',
      conversation_opened_count: null,
      conversation_answered_count: null,
      answer_delay_sum: null,
      data_visibility: null,
      positive_ratings: 0,
      negative_ratings: 0,
      monthly_donate: 0,
      references: 1,
      friendship_state: 'pending_received',
      // Raw models, so ISO-8601 dates.
      donations: [{ id: 1, user_id: 9, has_donated: true, has_denied: false, ammount: 500, trip_id: null, created_at: '2026-11-20T15:00:00.000000Z' }],
      references_data: [{ id: 2, user_id_from: 3, user_id_to: 9, comment: 'Muy puntual.', created_at: '2026-11-21T10:00:00.000000Z', updated_at: '2026-11-21T10:00:00.000000Z', from: { id: 3, name: 'Lucía', image: null } }],
    };
    expect(UserSchema.parse(profile)).toMatchObject({ friendship_state: 'pending_received', references: 1, last_connection: '' });
    expect(UserSchema.safeParse({ ...profile, friendship_state: 'pending' }).success).toBe(false);
    expect(UserSchema.safeParse({ ...profile, last_connection: 'ayer' }).success).toBe(false);
    expect(UserSchema.safeParse({ ...profile, donations: [{ ...profile.donations[0], created_at: '20/11/2026' }] }).success).toBe(false);
    // The friend search's 'request' (UserRepository::index).
    expect(UserSchema.safeParse({ ...profile, state: 'request' }).success).toBe(true);
  });

  it('reads a friends list or user list with the paginator or, without page_size, every row without meta', () => {
    const user = { id: 9, name: 'Sofía', image: null, description: null, driver_is_verified: 0, active: 1, has_pin: 0, is_member: 0, last_connection: '', positive_ratings: 0, negative_ratings: 0, monthly_donate: 0 };
    const meta = { pagination: { total: 1, count: 1, per_page: 20, current_page: 1, total_pages: 1, links: {} } };
    for (const answer of [endpoints.friends.list.responses[200], endpoints.users.list.responses[200]]) {
      expect(answer.parse({ data: [user] })).toEqual({ data: [user] });
      expect(answer.parse({ data: [user], meta })).toEqual({ data: [user], meta });
      expect(answer.safeParse({ data: user }).success).toBe(false);
    }
    expect(endpoints.users.list.query.parse({})).toEqual({});
    expect(endpoints.users.list.query.parse({ page_size: '5' })).toEqual({ page_size: 5 });
  });

  it('reads a notification', () => {
    expect(
      NotificationSchema.safeParse({
        id: 1,
        readed: false,
        created_at: '2025-06-01 10:00:00',
        text: 'Hemos encontrado un viaje que coincide con tu búsqueda.',
        type: 'subscription',
        extras: { type: 'subscription', trip_id: 4 },
      }).success,
    ).toBe(true);
  });

  it('reads the navigation badge counts as the provider answers them', () => {
    const answer = endpoints.notifications.count.responses[200];
    const counts = { notifications: 3, messages: 1, my_trips: 2 };
    expect(answer.parse({ data: counts })).toEqual({ data: counts });
    expect(answer.safeParse({ data: 3 }).success).toBe(false);
    expect(answer.safeParse({ data: { ...counts, messages: -1 } }).success).toBe(false);
  });

  it('reads a notification with its type inside extras, as the provider sends it', () => {
    const answer = endpoints.notifications.list.responses[200];
    const row = { id: 1, readed: false, created_at: '2026-11-22 11:30:00', text: 'Hola', extras: { type: 'friends', user_id: 4 } };
    expect(answer.parse({ data: [row] })).toEqual({ data: [row] });
    // The provider's other types pass; a type that is not a string does not.
    expect(answer.safeParse({ data: [{ ...row, extras: { type: 'live_location', trip_id: 2 } }] }).success).toBe(true);
    expect(answer.safeParse({ data: [{ ...row, extras: { type: 3 } }] }).success).toBe(false);
  });
});
