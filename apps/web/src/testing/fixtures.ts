import type { AppConfig, Paginated, Trip } from '@carpool/contracts';

/** A trip as GET /api/trips answers it (contract-valid: see the fixture test). */
export function makeTrip(overrides: Partial<Trip> = {}): Trip {
  return {
    id: 42,
    user_id: 7,
    user: {
      id: 7,
      name: 'María González',
      image: 'maria.jpg',
      positive_ratings: 9,
      negative_ratings: 1,
      autoaccept_requests: 0,
    },
    from_town: 'Buenos Aires',
    to_town: 'Mar del Plata',
    trip_date: '2030-03-15 08:30:00',
    estimated_time: '04:45',
    distance: 415000,
    co2: 622.5,
    description: 'Salgo desde Palermo, paro en Dolores.',
    total_seats: 4,
    seats_available: 3,
    passenger_count: 1,
    passengerPending_count: 0,
    passengerAccepted_count: 1,
    request_count: 0,
    is_passenger: 0,
    friendship_type_id: 2,
    hidden: 0,
    deleted: 0,
    allow_kids: 1,
    allow_smoking: 0,
    allow_animals: 0,
    no_lucrar: 1,
    car_id: null,
    car: null,
    parent_trip_id: null,
    return_trip: null,
    points: [
      { address: 'Buenos Aires, Argentina', json_address: { ciudad: 'Buenos Aires', provincia: 'CABA', country: 'AR' }, lat: -34.6, lng: -58.38 },
      { address: 'Dolores, Buenos Aires', json_address: { ciudad: 'Dolores', provincia: 'Buenos Aires', country: 'AR' }, lat: -36.31, lng: -57.68 },
      { address: 'Mar del Plata, Buenos Aires', json_address: { ciudad: 'Mar del Plata', provincia: 'Buenos Aires', country: 'AR' }, lat: -38.0, lng: -57.55 },
    ],
    request: '',
    seat_price_cents: 1250000,
    recommended_trip_price_cents: 1250000,
    payment_id: null,
    state: 'ready',
    needs_sellado: 0,
    created_at: '2030-03-01 10:00:00',
    updated_at: '2030-03-01 10:00:00',
    ...overrides,
  };
}

export function makePage<T>(data: T[], currentPage = 1, totalPages = 1): Paginated<T> {
  return {
    data,
    meta: {
      pagination: {
        total: data.length * totalPages,
        count: data.length,
        per_page: 20,
        current_page: currentPage,
        total_pages: totalPages,
        links: {},
      },
    },
  };
}

export function makeConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    osm_country: 'ARG',
    country_name: 'Argentina',
    locale: 'arg',
    name_app: 'carpoolear',
    admin_email: 'ayuda@carpoolear.com.ar',
    fuel_price: 4.15,
    trip_card_design: 'light',
    max_cards_per_row: 3,
    enable_footer: true,
    enable_facebook: true,
    login_custom_header: false,
    trip_stars: true,
    allow_rating_reply: true,
    disable_user_hints: false,
    banner: null,
    donation: { ammount_needed: 1000, month_days: 0, trips_count: 20, trips_offset: 0, trips_rated: 2 },
    maximum_seat_price_cents: 5000000,
    module_validated_drivers: false,
    module_coordinate_by_message: false,
    module_references: true,
    module_trip_seats_payment: false,
    module_trip_creation_payment_enabled: false,
    module_trip_creation_payment_amount_cents: 0,
    module_max_price_enabled: false,
    module_seat_price_enabled: true,
    module_conversation_average_delay: false,
    module_show_pending_request_count: false,
    module_on_boarding_new_user: false,
    ...overrides,
  };
}
