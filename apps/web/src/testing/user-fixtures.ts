import { RATED_ROLE, type Rating, type User } from '@carpool/contracts';
import { makeTrip } from './fixtures';

/** A user as GET /api/users/me answers it (own view), contract-valid. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    name: 'Ana Pérez',
    email: 'ana@example.com',
    image: 'ana.jpg',
    description: 'Viajo seguido a Rosario por trabajo.',
    birthday: '1990-05-25',
    nro_doc: '30123456',
    mobile_phone: '1144445555',
    data_visibility: '0',
    emails_notifications: 1,
    unaswered_messages_limit: 0,
    driver_is_verified: 0,
    driver_data_docs: [],
    account_type: null,
    account_bank: null,
    account_number: null,
    cars: [],
    active: 1,
    banned: 0,
    is_admin: 0,
    has_pin: 0,
    is_member: 0,
    last_connection: '2030-03-01 10:00:00',
    positive_ratings: 9,
    negative_ratings: 1,
    conversation_answered_count: 8,
    conversation_opened_count: 10,
    answer_delay_sum: 8 * 1800,
    monthly_donate: 0,
    on_boarding_view: 1,
    ...overrides,
  };
}

/** A brand-new account: no photo, no description, nothing filled in. */
export const makeNewUser = (overrides: Partial<User> = {}): User =>
  makeUser({ image: null, description: null, nro_doc: null, mobile_phone: null, birthday: null, on_boarding_view: 0, ...overrides });

export function makeRating(overrides: Partial<Rating> = {}): Rating {
  return {
    id: 1,
    from: { id: 8, name: 'Martín Gómez', image: null },
    trip: makeTrip({ id: 42, to_town: 'Mar del Plata' }),
    // The driver rated the profile's owner, a passenger on the trip.
    user_to_type: RATED_ROLE.passenger,
    rating: 1,
    comment: 'Muy puntual y buena charla.',
    reply_comment: null,
    reply_comment_created_at: null,
    created_at: '2030-03-16 10:00:00',
    rate_at: '2030-03-16 10:00:00',
    voted: 1,
    ...overrides,
  };
}
