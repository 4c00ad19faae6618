import { co2ForDistance, estimatedTime, tripPath } from '@carpool/contracts';
import { avatarFileName, avatarSvg } from './avatars';
import { PAYMENT_INFO, type SeedState } from './model';
import { placeAddress, placeJsonAddress } from './places';
import type { Row } from './sql';

/**
 * Every table's rows in insertion order (parents before children). Trips, points and requests are
 * generated while they are inserted, so that 100,000 trips do not sit in memory twice.
 */
const DRIVER_BANKS = ['011', '014', '007', '072', '017', '285'] as const;

/** A 22-digit, CBU-shaped account number, unique per user. */
function driverCbu(id: number, nroDoc: string): string {
  return `${DRIVER_BANKS[id % DRIVER_BANKS.length]}0${String(id).padStart(5, '0')}${nroDoc.padStart(8, '0')}`.padEnd(22, '0');
}

export function toTableRows(state: SeedState, passwordHash: string): [string, Iterable<Row>][] {
  const users: Row[] = [];
  const files: Row[] = [];
  for (const u of state.users) {
    const c = u.columns;
    const image = avatarFileName(u.id);
    users.push({
      id: u.id,
      email: u.email,
      password: passwordHash,
      name: u.name,
      description: u.description,
      image,
      birthday: u.birthday,
      gender: null,
      nro_doc: u.nroDoc,
      mobile_phone: u.phone,
      data_visibility: c.data_visibility ?? 0,
      emails_notifications: c.emails_notifications ?? true,
      unaswered_messages_limit: 0,
      autoaccept_requests: c.autoaccept_requests ?? false,
      driver_is_verified: u.isDriver,
      driver_data_docs: '[]',
      // Verified drivers have the bank data the validated-drivers module asks for (ids of GET /api/users/bank-data).
      account_type: u.isDriver ? 'caja_ahorro' : null,
      account_bank: u.isDriver ? DRIVER_BANKS[u.id % DRIVER_BANKS.length]! : null,
      account_number: u.isDriver ? driverCbu(u.id, u.nroDoc) : null,
      active: u.active,
      activation_token: u.activationToken,
      banned: u.banned,
      private_note: c.private_note ?? null,
      is_admin: u.isAdmin,
      has_pin: false,
      is_member: false,
      monthly_donate: c.monthly_donate ?? false,
      do_not_alert_pending_rates: c.do_not_alert_pending_rates ?? false,
      do_not_alert_pricing: c.do_not_alert_pricing ?? false,
      do_not_alert_request_seat: c.do_not_alert_request_seat ?? false,
      do_not_alert_accept_passenger: c.do_not_alert_accept_passenger ?? false,
      on_boarding_view: c.on_boarding_view ?? false,
      positive_ratings: u.positive,
      negative_ratings: u.negative,
      conversation_answered_count: u.answered,
      conversation_opened_count: u.opened,
      answer_delay_sum: u.answerDelaySum,
      last_connection: u.lastConnection,
      created_at: u.createdAt,
      updated_at: u.lastConnection ?? u.createdAt,
    });
    files.push({
      id: state.nextId('uploaded_files'),
      user_id: u.id,
      kind: 'profile',
      path: `profile/${image}`,
      mime: 'image/svg+xml',
      size: Buffer.byteLength(avatarSvg(u.name)),
      created_at: u.createdAt,
    });
  }

  const cars: Row[] = state.cars.map((car) => ({
    id: car.id,
    user_id: car.userId,
    patente: car.patente,
    description: car.description,
    created_at: car.createdAt,
    updated_at: car.createdAt,
  }));

  const ordered = [...state.trips].sort((a, b) => a.id - b.id);
  function* trips(): Generator<Row> {
    for (const t of ordered) {
      const origin = t.points[0]!;
      const destination = t.points[t.points.length - 1]!;
      let updated = t.createdAt.getTime();
      for (const p of t.passengers) updated = Math.max(updated, p.updatedAt.getTime());
      yield {
        id: t.id,
        user_id: t.userId,
        from_town: origin.name,
        to_town: destination.name,
        trip_date: t.date,
        estimated_time: estimatedTime(t.duration),
        distance: t.distance,
        co2: Math.round(co2ForDistance(t.distance) * 100) / 100,
        total_seats: t.totalSeats,
        seats_available: t.seatsAvailable,
        is_passenger: t.isPassenger,
        friendship_type_id: t.friendship,
        hidden: t.hidden,
        description: t.description,
        allow_kids: t.allowKids,
        allow_smoking: t.allowSmoking,
        allow_animals: t.allowAnimals,
        no_lucrar: !t.isPassenger,
        car_id: t.carId,
        parent_trip_id: t.parentId,
        seat_price_cents: t.seatPriceCents,
        recommended_trip_price_cents: t.recommendedPriceCents,
        payment_id: null,
        state: 'ready',
        needs_sellado: false,
        origin_lat: origin.lat,
        origin_lng: origin.lng,
        destination_lat: destination.lat,
        destination_lng: destination.lng,
        path: tripPath(t.points.map((place) => place.id)),
        deleted_at: null,
        created_at: t.createdAt,
        updated_at: new Date(updated),
      };
    }
  }
  function* points(): Generator<Row> {
    for (const t of ordered) {
      for (const [position, place] of t.points.entries()) {
        yield {
          id: state.nextId('trips_points'),
          trip_id: t.id,
          position,
          address: placeAddress(place),
          json_address: placeJsonAddress(place),
          lat: place.lat,
          lng: place.lng,
          node_id: place.id,
        };
      }
    }
  }
  function* passengers(): Generator<Row> {
    for (const t of ordered) {
      for (const p of t.passengers) {
        yield {
          id: p.id,
          trip_id: p.tripId,
          user_id: p.userId,
          request_state: p.state,
          payment_status: p.paid ? 'ok' : null,
          payment_info: p.paid ? PAYMENT_INFO : null,
          created_at: p.createdAt,
          updated_at: p.updatedAt,
        };
      }
    }
  }

  return [
    ['users', users],
    ['uploaded_files', files],
    ['cars', cars],
    ['trips', trips()],
    ['trips_points', points()],
    ['trip_passengers', passengers()],
    ['payments', state.payments],
    ['friends', state.friends],
    ['conversations', state.conversations],
    ['conversations_users', state.conversationUsers],
    ['messages', state.messages],
    ['message_reads', state.messageReads],
    ['notifications', state.notifications],
    ['rates', state.ratings],
    ['users_references', state.references],
    ['subscriptions', state.subscriptions],
    ['trip_creation_templates', state.tripTemplates],
    ['subscription_matches', state.subscriptionMatches],
    ['donations', state.donations],
    ['users_devices', state.devices],
  ];
}
