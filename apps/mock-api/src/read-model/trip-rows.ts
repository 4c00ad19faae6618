import type { SqlReader, SqlRow } from './sql-reader';
import type { TripRecord, TripUserRecord } from './trip-records';

// Trips and their users as the read model reads them through the SQL reader: one JSON list of
// positional rows per statement, decoded here into the records the answers are built from.

// --- Rows of the fast path → TripRecord ---------------------------------------------------------

const bool = (value: unknown) => value === 1 || value === true || value === 1n || value === '1';
const date = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));
const dateOrNull = (value: unknown) => (value === null || value === undefined ? null : date(value));
const num = (value: unknown) => Number(value);
const str = (value: unknown) => String(value);
const strOrNull = (value: unknown) => (value === null || value === undefined ? null : String(value));

const USER_COLUMNS = (u: string) =>
  `${u}.id AS ${u}_id, ${u}.name AS ${u}_name, ${u}.image AS ${u}_image, ${u}.positive_ratings AS ${u}_pos, ` +
  `${u}.negative_ratings AS ${u}_neg, ${u}.autoaccept_requests AS ${u}_auto, ${u}.driver_is_verified AS ${u}_verified, ` +
  `${u}.last_connection AS ${u}_last, ${u}.data_visibility AS ${u}_visibility, ${u}.email AS ${u}_email`;

function userAt(row: SqlRow, at: number): TripUserRecord {
  return {
    id: num(row[at]),
    name: str(row[at + 1]),
    image: strOrNull(row[at + 2]),
    positive_ratings: num(row[at + 3]),
    negative_ratings: num(row[at + 4]),
    autoaccept_requests: bool(row[at + 5]),
    driver_is_verified: bool(row[at + 6]),
    last_connection: dateOrNull(row[at + 7]),
    data_visibility: num(row[at + 8]),
    // allPassengerRequest rows carry the requester's e-mail, as the provider's do.
    email: str(row[at + 9]),
  };
}

const IDS_PARAM = 'SELECT value FROM json_each(?)';

/** A user's columns, in the order `userAt` reads them. */
const USER_FIELDS = (u: string) =>
  `${u}.id, ${u}.name, ${u}.image, ${u}.positive_ratings, ${u}.negative_ratings, ${u}.autoaccept_requests, ` +
  `${u}.driver_is_verified, ${u}.last_connection, ${u}.data_visibility, ${u}.email`;

/** A floating-point column as text with every digit: SQLite's JSON writes 15 significant digits. */
const REAL = (column: string) => `printf('%!.17g', ${column})`;

/**
 * Trips with their points and passengers, as one JSON list of rows (each row a JSON array in the
 * order `tripFromRow` reads, then its points and its passengers as arrays): one statement and one
 * value across the driver instead of three statements and a value per column for a page of trips
 * not kept yet. `json()` keeps the nested lists JSON, not text.
 */
const RECORDS_SQL =
  `SELECT json_group_array(json_array(t.id, t.user_id, t.from_town, t.to_town, t.trip_date, t.estimated_time, t.distance, ${REAL('t.co2')}, ` +
  't.description, t.total_seats, t.seats_available, t.is_passenger, t.friendship_type_id, t.hidden, t.deleted_at, t.allow_kids, ' +
  't.allow_smoking, t.allow_animals, t.no_lucrar, t.car_id, t.parent_trip_id, t.seat_price_cents, ' +
  't.recommended_trip_price_cents, t.payment_id, t.state, t.needs_sellado, t.created_at, t.updated_at, ' +
  `c.id, c.patente, c.description, r.id, r.from_town, r.to_town, r.trip_date, r.deleted_at, ${USER_FIELDS('u')}, ` +
  `json((SELECT json_group_array(json_array(address, json_address, ${REAL('lat')}, ${REAL('lng')}, node_id)) FROM ` +
  '(SELECT address, json_address, lat, lng, node_id FROM trips_points WHERE trip_id = t.id ORDER BY position, id))), ' +
  `json((SELECT json_group_array(json_array(p.id, p.trip_id, p.user_id, p.request_state, ${USER_FIELDS('pu')})) FROM ` +
  '(SELECT * FROM trip_passengers WHERE trip_id = t.id ORDER BY id) p JOIN users pu ON pu.id = p.user_id))' +
  ')) FROM trips t JOIN users u ON u.id = t.user_id LEFT JOIN cars c ON c.id = t.car_id ' +
  `LEFT JOIN trips r ON r.parent_trip_id = t.id WHERE t.id IN (${IDS_PARAM})`;

/** Column of RECORDS_SQL's rows where the points, then the passengers, are. */
const POINTS_AT = 46;

function tripFromRow(row: SqlRow): TripRecord {
  return {
    id: num(row[0]),
    user_id: num(row[1]),
    from_town: str(row[2]),
    to_town: str(row[3]),
    trip_date: date(row[4]),
    estimated_time: strOrNull(row[5]),
    distance: num(row[6]),
    co2: num(row[7]),
    description: str(row[8]),
    total_seats: num(row[9]),
    seats_available: num(row[10]),
    is_passenger: bool(row[11]),
    friendship_type_id: num(row[12]),
    hidden: bool(row[13]),
    deleted_at: dateOrNull(row[14]),
    allow_kids: bool(row[15]),
    allow_smoking: bool(row[16]),
    allow_animals: bool(row[17]),
    no_lucrar: bool(row[18]),
    car_id: row[19] === null ? null : num(row[19]),
    parent_trip_id: row[20] === null ? null : num(row[20]),
    seat_price_cents: num(row[21]),
    recommended_trip_price_cents: num(row[22]),
    payment_id: strOrNull(row[23]),
    state: str(row[24]),
    needs_sellado: bool(row[25]),
    created_at: date(row[26]),
    updated_at: date(row[27]),
    car: row[28] === null ? null : { id: num(row[28]), patente: str(row[29]), description: strOrNull(row[30]) },
    returnTrip:
      row[31] === null
        ? null
        : { id: num(row[31]), from_town: str(row[32]), to_town: str(row[33]), trip_date: date(row[34]), deleted_at: dateOrNull(row[35]) },
    user: userAt(row, 36),
    points: [],
    passengers: [],
  };
}

/** Trips with what their answers need, in the order of `ids` (deleted ones included). */
export async function readRecords(reader: SqlReader, ids: readonly number[]): Promise<TripRecord[]> {
  if (ids.length === 0) return [];
  const [row] = await reader.rows(RECORDS_SQL, [JSON.stringify(ids)]);
  const byId = new Map<number, TripRecord>();
  for (const values of JSON.parse(String(row?.[0] ?? '[]')) as SqlRow[]) {
    const trip = tripFromRow(values);
    for (const point of values[POINTS_AT] as SqlRow[]) {
      trip.points.push({ address: str(point[0]), json_address: str(point[1]), lat: num(point[2]), lng: num(point[3]), node_id: strOrNull(point[4]) });
    }
    for (const passenger of values[POINTS_AT + 1] as SqlRow[]) {
      trip.passengers.push({
        id: num(passenger[0]),
        trip_id: num(passenger[1]),
        user_id: num(passenger[2]),
        request_state: num(passenger[3]),
        user: userAt(passenger, 4),
      });
    }
    byId.set(trip.id, trip);
  }
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Users as trip answers show them, in the order of `ids`. */
export async function readUsers(reader: SqlReader, ids: readonly number[]): Promise<TripUserRecord[]> {
  if (ids.length === 0) return [];
  const rows = await reader.rows(`SELECT ${USER_COLUMNS('u')} FROM users u WHERE u.id IN (${IDS_PARAM})`, [JSON.stringify(ids)]);
  const byId = new Map(rows.map((row) => [num(row[0]), userAt(row, 0)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

type FriendCircles = { friends: Set<number>; friendsOfFriends: Set<number> };

/** Ids of the user's accepted friends, and of their friends (for privacy 1). */
export async function readFriendCircles(reader: SqlReader, userId: number): Promise<FriendCircles> {
  const rows = await reader.rows(
    'SELECT f1.uid2, f2.uid2 FROM friends f1 LEFT JOIN friends f2 ON f2.uid1 = f1.uid2 AND f2.state = 1 WHERE f1.uid1 = ? AND f1.state = 1',
    [userId],
  );
  const friends = new Set<number>();
  const friendsOfFriends = new Set<number>();
  for (const [friend, second] of rows) {
    friends.add(num(friend));
    if (second !== null && second !== undefined) friendsOfFriends.add(num(second));
  }
  return { friends, friendsOfFriends };
}
