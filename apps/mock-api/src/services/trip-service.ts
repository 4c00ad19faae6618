import {
  PAGE_SIZES,
  SEARCH,
  toAlpha2,
  pathNode,
  tripPath,
  type FieldErrors,
  type Trip as WireTrip,
  type TripBodySchema,
  type TripSearchQuerySchema,
  type TripUpdateBodySchema,
  type UserTripsQuerySchema,
} from '@carpool/contracts';
import type { User } from '@prisma/client';
import type { z } from 'zod';
import type { CountryConfig } from '../config/countries';
import { AppError } from '../lib/app-error';
import type { Clock } from '../lib/clock';
import { addDays, arDay, fromWireDateTime, startOfArDay, toWireDateTime } from '../lib/dates';
import { haversineMetres } from '../lib/geo';
import { pageOf, paginationMetaJson } from '../lib/paginate';
import { isUnpaid, visibleToAnyone } from '../lib/trip-visibility';
import type { GeoFilter, TripPointData, TripRepository, TripSearchFilter } from '../repositories/trip-repository';
import type { RequestRepository } from '../repositories/request-repository';
import {
  hasOpenRequest,
  isActiveRequest,
  isPartner,
  pushWireTripBytes,
  toTripUser,
  toWireTripBytes,
  toWireTripParts,
  type TripViewerExtras,
  tripViewer,
  type TripRecord,
  type WireTripBytes,
} from '../transformers/trip-transformer';
import type { NotificationService } from './notification-service';
import type { PlaceService } from './place-service';
import { estimatedTime, type PriceService } from './price-service';
import type { SubscriptionService } from './subscription-service';

type SearchQuery = z.output<typeof TripSearchQuerySchema>;
type CreateBody = z.output<typeof TripBodySchema>;
type UpdateBody = z.output<typeof TripUpdateBodySchema>;
type UserTripsQuery = z.output<typeof UserTripsQuerySchema>;
type PointInput = CreateBody['points'][number];

type Deps = {
  trips: TripRepository;
  prices: PriceService;
  places: PlaceService;
  subscriptions: SubscriptionService;
  notifications: NotificationService;
  clock: Clock;
  country: CountryConfig;
  /** Memory for the trip answers kept (see `keptAnswers`), in MB: TRIP_ANSWERS_MB (config/env.ts). */
  keptMb: number;
  /** What a single-trip answer adds for a logged-in viewer: the seat-request limit and the group chat. */
  seatRequests: Pick<RequestRepository, 'seatRequestLimitStatus' | 'tripGroupChat'>;
};

/** Origin and destination closer than this are the same place ('origenDestinoDistintos'). */
const SAME_PLACE_M = 1_000;
/** Past trips a user list shows (newest first); the call is not paged. */
const OLD_TRIPS_LIMIT = 100;
const UPCOMING_TRIPS_LIMIT = 200;
const MATCHERS_LIMIT = 50;
/** What a kept answer costs besides its bytes (its object, its buffer's, the map's entry), measured. */
const KEPT_OVERHEAD_BYTES = 1_000;
/** A kept answer's usual size, for how many upcoming trips the start-up loads. */
const WARM_BYTES_PER_TRIP = 3_000;
const WARM_BATCH = 200;
/** The largest trip id kept in the array by id (32 MB of slots at most); larger ones only in the map. */
const KEPT_BY_ID_MAX = 4_000_000;
/** More changed trips than this since the log was last read and every kept answer is dropped. */
const MAX_CHANGES_READ = 20_000;
/** Search answers kept between writes (see `answers`), about 30 KB each. */
const ANSWER_CACHE_SIZE = 500;

const DATA_OPEN = Buffer.from('{"data":[');
const DATA_OBJECT_OPEN = Buffer.from('{"data":');
const OBJECT_CLOSE = Buffer.from('}');

const notFound = () => new AppError('trip_not_foound', { message: 'trip_not_foound' });
const accessDenied = () => new AppError('access_denied', { message: 'access_denied' });

function geo(lat: number | undefined, lng: number | undefined, radius: number | undefined): GeoFilter | undefined {
  if (lat === undefined || lng === undefined) return undefined;
  return { lat, lng, radiusM: Math.max(SEARCH.defaultRadiusM, radius ?? SEARCH.defaultRadiusM) };
}

/**
 * "Now" for the lower bound of listings, to the minute: a search repeated within the minute is the
 * same query, whose result the repository keeps until the next write; a trip leaves the lists at
 * most a minute after its departure.
 */
const listingNow = (now: Date) => new Date(Math.floor(now.getTime() / 60_000) * 60_000);


/** Whether a search's end is a place id without coordinates (read from the places). */
const needsPlace = (lat: number | undefined, lng: number | undefined, id: string | undefined) => Boolean(id) && (lat === undefined || lng === undefined);

/** Days asked for, as the instants they start at (NaN: not a real calendar day); searches repeat a few dozen days. */
const dayStarts = new Map<string, number>();
function dayStartMs(day: string): number {
  let start = dayStarts.get(day);
  if (start === undefined) {
    const date = startOfArDay(day);
    start = arDay(date) === day ? date.getTime() : Number.NaN;
    if (dayStarts.size >= 10_000) dayStarts.clear();
    dayStarts.set(day, start);
  }
  return start;
}

/** 'YYYY-MM-DD' that is a real calendar day. */
const isRealDay = (day: string) => !Number.isNaN(dayStartMs(day));
/** The start of a real calendar day (see isRealDay). */
const searchDayStart = (day: string) => new Date(dayStartMs(day));

/** The same day `years` later or earlier, as 'YYYY-MM-DD' (compared as text). */
const shiftYears = (day: string, years: number) => `${String(Number(day.slice(0, 4)) + years).padStart(4, '0')}${day.slice(4)}`;

/** "60.000" for 6000000 cents. */
const pesos = (cents: number) => Math.round(cents / 100).toLocaleString('es-AR');

/** The town a point names: its json_address city or name, else the address up to the first comma. */
function townOf(point: PointInput): string {
  const json = point.json_address as Record<string, unknown>;
  for (const key of ['ciudad', 'name']) {
    const value = json[key];
    if (typeof value === 'string' && value.trim()) return value.trim().slice(0, 255);
  }
  return point.address.split(',')[0]!.trim().slice(0, 255) || point.address.slice(0, 255);
}

/** A point's place node id: node_id, else json_address.id (where the provider's clients put it). */
function nodeIdOf(point: PointInput): string | null {
  const id = point.node_id ?? (point.json_address as Record<string, unknown> | undefined)?.id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
}

const pointData = (points: PointInput[]): TripPointData[] =>
  points.map((point, position) => ({
    position,
    address: point.address,
    json_address: JSON.stringify(point.json_address ?? {}),
    lat: point.lat,
    lng: point.lng,
    node_id: nodeIdOf(point),
  }));

const pointsOfRecord = (trip: TripRecord): PointInput[] =>
  trip.points.map((point) => {
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(point.json_address) as Record<string, unknown>;
    } catch {
      /* stored by hand: keep {} */
    }
    return { address: point.address, json_address: json, lat: point.lat, lng: point.lng, node_id: point.node_id };
  });

/** The trip form after merging: every rule of spec document 1 §5 "Trip form" is checked on this. */
type TripForm = {
  is_passenger: boolean;
  trip_date: string;
  total_seats: number;
  description: string;
  no_lucrar: boolean;
  seat_price_cents: number;
  car_id: number | null;
  points: PointInput[];
};

export function createTripService({ trips, prices, places, subscriptions, notifications, clock, country, keptMb, seatRequests }: Deps) {
  const KEPT_BYTES = keptMb * 1024 * 1024;
  // --- Trip answers, kept across writes -----------------------------------------------------------
  // Every trip's answer is kept pre-serialised (WireTripBytes: its bytes and who may see it), up to
  // KEPT_BYTES. A write drops only the trips whose answer it changed: triggers log their ids
  // (migration 20261125000000_trip_answer_changes, whoever writes), and when the database's data
  // version has moved the log is read from where it was last read. A log that restarted (a wipe) or
  // was pruned past that point, or too many changes at once, drop everything. At start-up the
  // upcoming trips are loaded ahead of the searches (`warmAnswers`).
  const kept = new Map<number, WireTripBytes>();
  // The same entries by trip id (undefined where none): a search's lookups index an array instead of
  // hashing into a map of ~75,000 entries. `kept` keeps the order in which they go, and the entries
  // of ids past KEPT_BY_ID_MAX (never the case of an autoincrement table, but a row may be written
  // with any id): an array up to such an id would cost memory for every id below it.
  const keptById: (WireTripBytes | undefined)[] = [];
  const keptEntry = (id: number) => (id < keptById.length ? keptById[id] : kept.get(id));
  let keptBytes = 0;
  let keptVersion = -1;
  let seenChange = -1;
  // Moves whenever kept answers are dropped: a load that started before must not keep what it read.
  let epoch = 0;
  let catchingUp: Promise<void> | null = null;

  function drop(id: number): void {
    const entry = kept.get(id);
    if (!entry) return;
    kept.delete(id);
    if (id < keptById.length) keptById[id] = undefined;
    keptBytes -= entry.bytes.length + KEPT_OVERHEAD_BYTES;
  }

  function dropAll(): void {
    kept.clear();
    keptById.length = 0;
    keptBytes = 0;
  }

  /** Drops the trips whose answers changed since the log was last read (one reader at a time). */
  async function catchUp(version: number): Promise<void> {
    catchingUp ??= (async () => {
      const { upTo, first, ids } = await trips.answerChanges(seenChange, MAX_CHANGES_READ);
      if (seenChange < 0 || upTo < seenChange || first > seenChange + 1 || ids === null) dropAll();
      else for (const id of ids) drop(id);
      seenChange = upTo;
      epoch++;
      keptVersion = version;
    })().finally(() => {
      catchingUp = null;
    });
    await catchingUp;
    // A look already under way when this one was asked for may have read the log before `version`:
    // then it set an older version, and the log is read again.
    if (keptVersion !== version) await catchUp(version);
  }

  /** Makes room for `bytes` more: the trips kept longest go first (a Map iterates in insertion order). */
  function makeRoom(bytes: number): void {
    for (const [id] of kept) {
      if (keptBytes + bytes <= KEPT_BYTES) return;
      drop(id);
    }
  }

  /**
   * The answers of `ids`, kept or loaded, in the same order (undefined for a trip that does not
   * exist). `knownVersion`: a data version read before the ids were (saves reading it again).
   */
  async function keptAnswers(ids: readonly number[], knownVersion?: number): Promise<(WireTripBytes | undefined)[]> {
    const version = knownVersion ?? (await trips.dataVersion());
    if (version !== keptVersion) await catchUp(version);
    const found = new Array<WireTripBytes | undefined>(ids.length);
    let missing: number[] | null = null;
    for (let i = 0; i < ids.length; i++) {
      const entry = keptEntry(ids[i]!);
      if (entry) found[i] = entry;
      else (missing ??= []).push(ids[i]!);
    }
    if (!missing) return found;
    // The answer is built from what was found before the wait and what was loaded; the loaded trips
    // are kept only if no change was applied meanwhile (it may be newer than what was read).
    const startedAt = epoch;
    const loaded = new Map<number, WireTripBytes>();
    for (const record of await trips.records(missing)) {
      const entry = toWireTripBytes(toWireTripParts(record));
      loaded.set(record.id, entry);
      if (epoch === startedAt) keep(entry);
    }
    for (let i = 0; i < ids.length; i++) found[i] ??= loaded.get(ids[i]!);
    return found;
  }

  function keep(entry: WireTripBytes): void {
    const size = entry.bytes.length + KEPT_OVERHEAD_BYTES;
    if (size > KEPT_BYTES) return;
    drop(entry.id);
    makeRoom(size);
    kept.set(entry.id, entry);
    if (entry.id <= KEPT_BY_ID_MAX) {
      // Grown with undefined up to the id (a far index would turn the array into a dictionary).
      while (keptById.length < entry.id) keptById.push(undefined);
      keptById[entry.id] = entry;
    }
    keptBytes += size;
  }

  /** Loads the upcoming trips' answers ahead of the searches, a batch at a time, until the budget is full. */
  async function warmAnswers(): Promise<number> {
    const ids = await trips.upcomingIds(clock.now(), Math.floor(KEPT_BYTES / WARM_BYTES_PER_TRIP));
    let loaded = 0;
    for (let at = 0; at < ids.length; at += WARM_BATCH) {
      // Requests go first: each batch waits for the event loop's turn.
      await new Promise((resolve) => setImmediate(resolve));
      if (keptBytes + WARM_BATCH * WARM_BYTES_PER_TRIP > KEPT_BYTES) break;
      loaded += (await keptAnswers(ids.slice(at, at + WARM_BATCH))).filter(Boolean).length;
    }
    return loaded;
  }

  /** A trip's kept answer, if the viewer may see it (not deleted, and `canSee`); otherwise 404. */
  async function visibleEntry(viewer: User, id: number, knownVersion?: number): Promise<WireTripBytes> {
    const [entry] = await keptAnswers([id], knownVersion);
    if (!entry || entry.deleted) throw notFound();
    if (!(await canSee(entry, viewer))) throw notFound();
    return entry;
  }

  /** One viewer's answer of a trip as an object (my trips, the conversations' trip, after a write): the same bytes, parsed. */
  const wireTripOf = (entry: WireTripBytes, viewer: User | null, extras?: TripViewerExtras): WireTrip => {
    const chunks: Buffer[] = [];
    pushWireTripBytes(chunks, entry, tripViewer(viewer), false, extras);
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as WireTrip;
  };

  /**
   * What a logged-in viewer's single-trip answer adds (the provider's TripTransformer): a few queries,
   * so lists go without them (the fields are optional). The group chat is for the driver and the
   * trip's active passengers (canAccessGroupChat).
   */
  async function viewerExtras(entry: WireTripBytes, viewer: User): Promise<TripViewerExtras> {
    const member = entry.ownerId === viewer.id || isPartner(entry, viewer.id);
    const [circles, limit, chat] = await Promise.all([
      trips.friendCircles(viewer.id),
      seatRequests.seatRequestLimitStatus(entry.id, entry.ownerId),
      member ? seatRequests.tripGroupChat(entry.id, viewer.id) : null,
    ]);
    return {
      driver_is_friend: circles.friends.has(entry.ownerId),
      seat_request_limit: limit.limit,
      seat_request_limit_reached: limit.reached,
      group_chat_conversation_id: chat?.id ?? null,
      group_chat_unread_count: chat?.unread ?? 0,
    };
  }

  async function wireTrips(ids: readonly number[], viewer: User | null): Promise<WireTrip[]> {
    const entries = await keptAnswers(ids);
    return entries.flatMap((entry) => (entry ? [wireTripOf(entry, viewer)] : []));
  }

  async function wireTrip(id: number, viewer: User): Promise<{ data: WireTrip }> {
    const [trip] = await wireTrips([id], viewer);
    if (!trip) throw notFound();
    return { data: trip };
  }

  // Whole answers of repeated searches (the logged-out home list, the busiest route of the day...):
  // the same viewer and URL give the same bytes until something is written or the listings' minute
  // (`listingNow`) moves on, so both are checked before an answer is reused. Errors are not kept.
  const answers = new Map<string, Buffer>();
  const askedOnce = new Set<string>();
  let answersVersion = -1;
  let answersMinute = -1;

  // --- Loading and permissions -----------------------------------------------------------------

  async function liveTrip(id: number): Promise<TripRecord> {
    const trip = await trips.record(id);
    if (!trip || trip.deleted_at) throw notFound();
    return trip;
  }

  /** Owner-only actions: others get 422 access_denied (as the provider), a past trip trip_expired. */
  async function ownTrip(user: User, id: number, { upcoming }: { upcoming: boolean }): Promise<TripRecord> {
    const trip = await liveTrip(id);
    if (trip.user_id !== user.id) throw accessDenied();
    if (upcoming && trip.trip_date <= clock.now()) throw new AppError('trip_expired', { message: 'trip_expired' });
    return trip;
  }

  const activePassengers = (trip: TripRecord) => trip.passengers.filter((p) => isActiveRequest(p.request_state)).length;

  /**
   * Owner and admins see every trip; users with an open request see theirs; others by the
   * visibility rules (lib/trip-visibility: in memory for a public, paid trip, else its SQL).
   */
  async function canSee(trip: WireTripBytes, viewer: User): Promise<boolean> {
    if (trip.ownerId === viewer.id || viewer.is_admin) return true;
    if (hasOpenRequest(trip, viewer.id)) return true;
    if (trip.hidden) return false;
    return visibleToAnyone(trip) || trips.isVisible(trip.id, viewer.id);
  }

  // --- The trip form ---------------------------------------------------------------------------

  async function abroadCount(points: PointInput[]): Promise<number> {
    const home = toAlpha2(country.config.osm_country);
    let abroad = 0;
    for (const point of points) {
      const code = await places.countryOf({ lat: point.lat, lng: point.lng, id: point.node_id, country: (point.json_address as Record<string, unknown>).country });
      if (code !== null && code !== home) abroad++;
    }
    return abroad;
  }

  /** Field errors of spec §5 "Trip form" (all at once, as Laravel validates). */
  async function formErrors(form: TripForm, context: { passengersAboard: number; parent: TripRecord | null | undefined; user: User }) {
    const errors: FieldErrors = {};
    const add = (field: string, message: string) => (errors[field] ??= []).push(message);
    const { config } = country;

    const origin = form.points[0]!;
    const destination = form.points[form.points.length - 1]!;
    const sameNode = origin.node_id !== null && origin.node_id !== undefined && String(origin.node_id) === String(destination.node_id);
    if (sameNode || haversineMetres(origin, destination) < SAME_PLACE_M) add('points', 'El origen y el destino deben ser distintos.');
    if ((await abroadCount(form.points)) > 1) add('points', `Solo un punto del viaje puede estar fuera de ${config.country_name}.`);

    const date = fromWireDateTime(form.trip_date);
    const now = clock.now();
    if (toWireDateTime(date) !== form.trip_date) add('trip_date', 'La fecha no es válida.');
    else if (date <= now) add('trip_date', 'No se pueden publicar viajes en el pasado.');
    else if (arDay(date) > shiftYears(arDay(now), SEARCH.dateMaxYearsAhead)) add('trip_date', `La fecha no puede superar los ${SEARCH.dateMaxYearsAhead} años.`);

    if (form.total_seats < context.passengersAboard) add('total_seats', `Ya tenés ${context.passengersAboard} pasajeros subidos.`);
    // no_lucrar is the web form's rule (spec §5) only: the provider never checks it, and its clients send it for passenger trips only.
    if (!form.is_passenger && config.module_max_price_enabled && form.seat_price_cents > config.maximum_seat_price_cents) {
      add('seat_price_cents', `El precio del asiento no puede superar $${pesos(config.maximum_seat_price_cents)}.`);
    }

    if (context.parent !== undefined) {
      const parent = context.parent;
      if (!parent || parent.deleted_at || parent.user_id !== context.user.id) add('parent_trip_id', 'El viaje de ida no existe o no es tuyo.');
      else {
        if (parent.returnTrip && parent.returnTrip.deleted_at === null) add('parent_trip_id', 'Ese viaje ya tiene un viaje de vuelta.');
        if (!errors.trip_date && date <= parent.trip_date) add('trip_date', 'La vuelta tiene que ser posterior a la ida.');
      }
    }
    return errors;
  }

  /** Spec §6: publishing needs a verified driver (driver trips, with the module) and a complete profile. */
  function assertMayPublish(user: User, isPassenger: boolean) {
    if (!isPassenger && country.config.module_validated_drivers && !user.driver_is_verified) {
      throw new AppError('driver_is_verified', { message: 'driver_is_verified' });
    }
    const missing: FieldErrors = {};
    if (!user.image) missing.image = ['Tu perfil necesita una foto.'];
    if (!user.description?.trim()) missing.description = ['Tu perfil necesita una descripción.'];
    if (!user.nro_doc) missing.nro_doc = ['Tu perfil necesita tu número de documento.'];
    if (!user.mobile_phone) missing.mobile_phone = ['Tu perfil necesita un teléfono.'];
    if (Object.keys(missing).length > 0) throw AppError.fields(missing, 'Completá tu perfil para publicar viajes.');
  }

  async function assertCar(user: User, carId: number | null) {
    if (carId !== null && !(await trips.carOwnedBy(carId, user.id))) throw new AppError('car_not_found', { message: 'car_not_found' });
  }

  /** What the points determine: ends, towns, distance, duration, CO2. */
  function routeData(points: PointInput[]) {
    const origin = points[0]!;
    const destination = points[points.length - 1]!;
    const metrics = prices.routeMetrics(points);
    return {
      origin_lat: origin.lat,
      origin_lng: origin.lng,
      destination_lat: destination.lat,
      destination_lng: destination.lng,
      path: tripPath(points.map(nodeIdOf)),
      distance: metrics.distance,
      co2: metrics.co2,
      estimated_time: estimatedTime(metrics.duration),
    };
  }

  const nodeIds = (points: PointInput[]) => points.flatMap((p) => nodeIdOf(p) ?? []);

  // --- Hooks (notifications) -------------------------------------------------------------------

  /**
   * A trip was cancelled: the passengers whose requests were open get a notification (type trip),
   * which the notification service also pushes to their devices.
   */
  async function onTripDeleted(trip: TripRecord, userIds: number[]) {
    const when = toWireDateTime(trip.trip_date);
    const text = `${trip.user.name} canceló el viaje a ${trip.to_town} del ${when.slice(8, 10)}/${when.slice(5, 7)} a las ${when.slice(11, 16)}.`;
    await notifications.notifyMany(userIds.map((userId) => ({ userId, notification: { type: 'trip', text, extras: { trip_id: trip.id } } })));
  }

  /**
   * A trip became visible to others: just published, or its creation fee paid (the payment flow
   * calls this). Matching search alerts are recorded and their users notified. Answers who was.
   */
  async function onTripPublished(tripId: number, options: { changed?: boolean } = {}): Promise<number[]> {
    const trip = await trips.record(tripId);
    if (!trip || trip.deleted_at || trip.hidden || isUnpaid(trip.state)) return [];
    const origin = trip.points[0];
    const destination = trip.points[trip.points.length - 1];
    if (!origin || !destination) return [];
    return subscriptions.matchPublishedTrip({
      id: trip.id,
      user_id: trip.user_id,
      is_passenger: trip.is_passenger,
      friendship_type_id: trip.friendship_type_id,
      trip_date: trip.trip_date,
      from_town: trip.from_town,
      to_town: trip.to_town,
      origin: { lat: origin.lat, lng: origin.lng },
      destination: { lat: destination.lat, lng: destination.lng },
      path: tripPath(pointsOfRecord(trip).map(nodeIdOf)),
    }, options);
  }

  /** The date or the route of a trip changed: its active passengers hear about it (type trip). */
  async function onTripChanged(trip: TripRecord) {
    const aboard = trip.passengers.filter((p) => isActiveRequest(p.request_state)).map((p) => p.user_id);
    const text = `${trip.user.name} cambió el viaje a ${trip.to_town}: revisá la fecha y el recorrido.`;
    await notifications.notifyMany(aboard.map((userId) => ({ userId, notification: { type: 'trip', text, extras: { trip_id: trip.id } } })));
  }

  // --- Search ----------------------------------------------------------------------------------

  // The search's day limits, worked out once a day (tests and the demo may move the clock either way).
  let searchDays: { from: number; until: number; latest: string; earliest: string } | undefined;
  function searchDayLimits(now: Date) {
    const ms = now.getTime();
    if (!searchDays || ms < searchDays.from || ms >= searchDays.until) {
      const today = arDay(now);
      const from = startOfArDay(today).getTime();
      searchDays = {
        from,
        until: from + 86_400_000,
        latest: shiftYears(today, SEARCH.dateMaxYearsAhead),
        earliest: shiftYears(today, -SEARCH.dateMaxYearsBack),
      };
    }
    return searchDays;
  }

  function dateErrors(query: SearchQuery, now: Date): FieldErrors | null {
    let errors: FieldErrors | null = null;
    const { latest, earliest } = searchDayLimits(now);
    for (const field of ['date', 'from_date', 'to_date'] as const) {
      const day = query[field];
      if (day === undefined) continue;
      const error = !isRealDay(day)
        ? 'La fecha no es válida.'
        : day > latest
          ? `La fecha no puede superar los ${SEARCH.dateMaxYearsAhead} años.`
          : day < earliest
            ? `La fecha no puede ser anterior a ${SEARCH.dateMaxYearsBack} años.`
            : null;
      if (error) (errors ??= {})[field] = [error];
    }
    return errors;
  }

  /** A search's end named by a place id without coordinates (`needsPlace`): that place's, if known. */
  async function placeEnd(lat: number | undefined, lng: number | undefined, id: string) {
    const place = await places.find(id);
    return place ? { lat: place.lat, lng: place.lng, id } : { lat, lng, id };
  }

  /** Whether a search's end lies outside the home country (as far as the places tell). */
  async function isAbroad(end: GeoFilter, id: string | undefined, home: string): Promise<boolean> {
    const code = await places.countryOf({ lat: end.lat, lng: end.lng, id });
    return code !== null && code !== home;
  }

  /**
   * What a search's places match, as the provider's TripRepository::search: a picked place's id
   * (the autocomplete's node id) matches the trips' paths and the radius is then ignored; an end
   * without id is the circle around its coordinates.
   */
  function searchEnds(query: SearchQuery, origin: GeoFilter | undefined, destination: GeoFilter | undefined): Pick<TripSearchFilter, 'origin' | 'destination' | 'originNode' | 'destinationNode'> {
    return {
      ...(query.origin_id ? { originNode: pathNode(query.origin_id) } : origin && { origin }),
      ...(query.destination_id ? { destinationNode: pathNode(query.destination_id) } : destination && { destination }),
    };
  }

  async function searchFilter(query: SearchQuery, viewer: User | null): Promise<TripSearchFilter & { page: number; perPage: number }> {
    const clockNow = clock.now();
    const errors = dateErrors(query, clockNow);
    if (errors) throw AppError.fields(errors);

    // A place id without coordinates searches around that place (only then is there a place to wait for).
    const from = !needsPlace(query.origin_lat, query.origin_lng, query.origin_id)
      ? { lat: query.origin_lat, lng: query.origin_lng, id: query.origin_id }
      : await placeEnd(query.origin_lat, query.origin_lng, query.origin_id!);
    const to = !needsPlace(query.destination_lat, query.destination_lng, query.destination_id)
      ? { lat: query.destination_lat, lng: query.destination_lng, id: query.destination_id }
      : await placeEnd(query.destination_lat, query.destination_lng, query.destination_id!);
    const origin = geo(from.lat, from.lng, query.origin_radio);
    const destination = geo(to.lat, to.lng, query.destination_radio);
    if (origin && destination) {
      const home = query.country ?? toAlpha2(country.config.osm_country);
      // The destination's country matters only when the origin's is known and abroad.
      if ((await isAbroad(origin, from.id, home)) && (await isAbroad(destination, to.id, home))) {
        throw new AppError('origin_destination_abroad', { message: 'Origen y destino no pueden ser ambos del exterior.' });
      }
    }

    const now = listingNow(clockNow);
    const { page, perPage, offset } = pageOf(query, PAGE_SIZES.trips);
    const asAdmin = Boolean(viewer?.is_admin && query.is_admin);
    const filter: TripSearchFilter & { page: number; perPage: number } = {
      viewerId: viewer?.id ?? null,
      viewerIsAdmin: asAdmin,
      includeHidden: asAdmin,
      isPassenger: query.is_passenger,
      newestFirst: false,
      ...searchEnds(query, origin, destination),
      limit: perPage,
      offset,
      page,
      perPage,
    };
    if (query.user_id !== undefined) {
      if (query.as_driver === false) {
        // Which trips someone rides on is theirs and the admins' to see.
        if (query.user_id !== viewer?.id && !viewer?.is_admin) throw accessDenied();
        filter.passengerId = query.user_id;
      } else filter.ownerId = query.user_id;
    }
    if (query.date) {
      const day = searchDayStart(query.date);
      const windowStart = addDays(day, -SEARCH.dateWindowDays);
      filter.from = query.history || windowStart > now ? windowStart : now;
      filter.to = addDays(day, SEARCH.dateWindowDays + 1);
      filter.exactDay = { start: day, end: addDays(day, 1) };
    } else if (query.from_date || query.to_date) {
      if (query.from_date) filter.from = startOfArDay(query.from_date);
      if (query.to_date) filter.to = addDays(startOfArDay(query.to_date), 1);
      if (filter.from && filter.to && filter.from >= filter.to) {
        throw AppError.fields({ to_date: ['The to date must be a date after or equal to from date.'] });
      }
    } else if (query.history) {
      filter.newestFirst = true;
    } else {
      filter.from = now;
    }
    return filter;
  }

  // --- Users' trips ----------------------------------------------------------------------------

  async function userTrips(viewer: User, query: UserTripsQuery, past: boolean) {
    // As the provider's TripController (resolveTargetUserId): user_id is an admin's alone; anyone
    // else is answered their own trips, whatever user_id says.
    const target = viewer.is_admin ? (query.user_id ?? viewer.id) : viewer.id;
    const now = listingNow(clock.now());
    const { ids } = await trips.search({
      viewerId: viewer.id,
      viewerIsAdmin: true,
      includeHidden: true,
      ...(query.as_driver ? { ownerId: target } : { passengerId: target }),
      ...(past ? { to: now } : { from: now }),
      newestFirst: past,
      limit: past ? OLD_TRIPS_LIMIT : UPCOMING_TRIPS_LIMIT,
      offset: 0,
    });
    return { data: await wireTrips(ids, viewer) };
  }

  return {
    onTripDeleted,
    onTripPublished,
    warmSearch: () => trips.warmSearch(),
    warmAnswers,

    /**
     * GET /api/trips, answered as JSON bytes (`knownVersion`: the data version read when this
     * request authenticated, see AuthService.authenticateRequest). With `date`: a ±3-day window (not
     * before now unless history), exact-day trips first. With from_date/to_date: that inclusive
     * range. Otherwise future trips, or every trip newest first with `history`.
     */
    async searchJson(query: SearchQuery, viewer: User | null, url: string, knownVersion?: number): Promise<Buffer> {
      const version = knownVersion ?? (await trips.dataVersion());
      const minute = listingNow(clock.now()).getTime();
      if (version !== answersVersion || minute !== answersMinute || answers.size >= ANSWER_CACHE_SIZE) {
        answers.clear();
        askedOnce.clear();
        answersVersion = version;
        answersMinute = minute;
      }
      // The country decides which searches are refused as abroad (test controls may change it).
      const key = `${country.config.osm_country}\u0000${viewer?.id ?? ''}\u0000${url}`;
      const known = answers.get(key);
      if (known) return known;

      const filter = await searchFilter(query, viewer);
      const { ids, total } = await trips.search(filter, version);
      const entries = await keptAnswers(ids, version);
      const sight = tripViewer(viewer);
      const chunks: Buffer[] = [DATA_OPEN];
      // A trip deleted from the table since the index read it has no answer (rare): left out.
      const found = entries.filter((entry) => entry !== undefined);
      const count = found.length;
      for (let i = 0; i < count; i++) pushWireTripBytes(chunks, found[i]!, sight, i < count - 1);
      chunks.push(Buffer.from(`],"meta":${paginationMetaJson({ total, count, page: filter.page, perPage: filter.perPage, url })}}`));
      const answer = Buffer.concat(chunks);
      // Read at `version` or later: never older than the entry's version says.
      if (answersVersion === version && answersMinute === minute) {
        // Kept from its second asking on: one-off searches do not crowd out the repeated ones.
        if (askedOnce.has(key)) answers.set(key, answer);
        else if (askedOnce.size < ANSWER_CACHE_SIZE * 10) askedOnce.add(key);
      }
      return answer;
    },

    /** The trip of GET /api/trips/:id as an object (the conversations' trip). */
    async show(viewer: User, id: number) {
      const entry = await visibleEntry(viewer, id);
      return { data: wireTripOf(entry, viewer, await viewerExtras(entry, viewer)) };
    },

    /**
     * GET /api/trips/:id as JSON bytes, from the trip's kept answer (as the search's): who may see it
     * is read from what is kept with it (`canSee`), with the privacy SQL only when that does not settle it.
     */
    async showJson(viewer: User, id: number, knownVersion?: number): Promise<Buffer> {
      const entry = await visibleEntry(viewer, id, knownVersion);
      // Joined from the same pre-serialised bytes as the search's answers.
      const chunks: Buffer[] = [DATA_OBJECT_OPEN];
      pushWireTripBytes(chunks, entry, tripViewer(viewer), false, await viewerExtras(entry, viewer));
      chunks.push(OBJECT_CLOSE);
      return Buffer.concat(chunks);
    },

    async create(user: User, body: CreateBody) {
      assertMayPublish(user, body.is_passenger);
      const parent = body.parent_trip_id ? await trips.record(body.parent_trip_id) : undefined;
      const form: TripForm = { ...body, car_id: body.car_id ?? null };
      const errors = await formErrors(form, { passengersAboard: 0, parent, user });
      if (Object.keys(errors).length > 0) throw AppError.fields(errors);
      await assertCar(user, form.car_id);

      const from_town = body.from_town ?? townOf(body.points[0]!);
      const to_town = body.to_town ?? townOf(body.points[body.points.length - 1]!);
      const trip_date = fromWireDateTime(body.trip_date);
      const duplicate = await trips.findDuplicate({ user_id: user.id, from_town, to_town, trip_date, is_passenger: body.is_passenger });
      if (duplicate) return wireTrip(duplicate.id, user);

      const needsFee = !body.is_passenger && (await prices.needsCreationFee(user));
      const route = routeData(body.points);
      const now = clock.now();
      const id = await trips.create(
        {
          user_id: user.id,
          from_town,
          to_town,
          trip_date,
          ...route,
          total_seats: body.total_seats,
          seats_available: body.total_seats,
          is_passenger: body.is_passenger,
          friendship_type_id: body.friendship_type_id,
          description: body.description,
          allow_kids: body.allow_kids,
          allow_smoking: body.allow_smoking,
          allow_animals: body.allow_animals,
          no_lucrar: body.no_lucrar,
          car_id: form.car_id,
          parent_trip_id: body.parent_trip_id ?? null,
          seat_price_cents: country.config.module_seat_price_enabled ? body.seat_price_cents : 0,
          recommended_trip_price_cents: prices.tripPrices(route.distance, needsFee).recommended_trip_price_cents,
          state: needsFee ? 'awaiting_payment' : 'ready',
          needs_sellado: needsFee,
          created_at: now,
          updated_at: now,
        },
        pointData(body.points),
        needsFee ? { amountCents: country.config.module_trip_creation_payment_amount_cents } : null,
      );
      await places.recordUsage(nodeIds(body.points));
      // A trip waiting for its fee is announced once paid (see onTripPublished).
      if (!needsFee) await onTripPublished(id);
      return wireTrip(id, user);
    },

    async update(user: User, id: number, body: UpdateBody) {
      const trip = await ownTrip(user, id, { upcoming: true });
      if (body.is_passenger === false && trip.is_passenger) assertMayPublish(user, false);
      const current: TripForm = {
        is_passenger: trip.is_passenger,
        trip_date: toWireDateTime(trip.trip_date),
        total_seats: trip.total_seats,
        description: trip.description,
        no_lucrar: trip.no_lucrar,
        seat_price_cents: trip.seat_price_cents,
        car_id: trip.car_id,
        points: pointsOfRecord(trip),
      };
      const form: TripForm = {
        ...current,
        ...Object.fromEntries(Object.entries(body).filter(([key, value]) => value !== undefined && key in current)),
      };
      const aboard = activePassengers(trip);
      const errors = await formErrors(form, { passengersAboard: aboard, parent: undefined, user });
      const routeChanged = body.points !== undefined;
      const dateChanged = body.trip_date !== undefined && body.trip_date !== current.trip_date;
      if (dateChanged && !errors.trip_date) {
        // An outbound and its return trip keep their order ('fechaHoraLogicas').
        const date = fromWireDateTime(form.trip_date);
        const parent = trip.parent_trip_id ? await trips.record(trip.parent_trip_id) : null;
        if (parent && !parent.deleted_at && date <= parent.trip_date) errors.trip_date = ['La vuelta tiene que ser posterior a la ida.'];
        const back = trip.returnTrip;
        if (back && !back.deleted_at && date >= back.trip_date) errors.trip_date = ['La ida tiene que ser anterior a la vuelta.'];
      }
      if (Object.keys(errors).length > 0) throw AppError.fields(errors);
      if (body.car_id !== undefined) await assertCar(user, form.car_id);

      const route = routeChanged ? routeData(form.points) : null;
      await trips.update(
        id,
        {
          ...(body.is_passenger !== undefined ? { is_passenger: body.is_passenger } : {}),
          ...(body.from_town !== undefined ? { from_town: body.from_town } : routeChanged ? { from_town: townOf(form.points[0]!) } : {}),
          ...(body.to_town !== undefined ? { to_town: body.to_town } : routeChanged ? { to_town: townOf(form.points[form.points.length - 1]!) } : {}),
          ...(dateChanged ? { trip_date: fromWireDateTime(form.trip_date) } : {}),
          ...(body.total_seats !== undefined ? { total_seats: form.total_seats, seats_available: form.total_seats - aboard } : {}),
          ...(body.friendship_type_id !== undefined ? { friendship_type_id: body.friendship_type_id } : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
          ...(body.allow_kids !== undefined ? { allow_kids: body.allow_kids } : {}),
          ...(body.allow_smoking !== undefined ? { allow_smoking: body.allow_smoking } : {}),
          ...(body.allow_animals !== undefined ? { allow_animals: body.allow_animals } : {}),
          ...(body.no_lucrar !== undefined ? { no_lucrar: body.no_lucrar } : {}),
          ...(body.car_id !== undefined ? { car_id: form.car_id } : {}),
          ...(body.seat_price_cents !== undefined && country.config.module_seat_price_enabled ? { seat_price_cents: form.seat_price_cents } : {}),
          ...(route
            ? { ...route, recommended_trip_price_cents: prices.tripPrices(route.distance, trip.needs_sellado).recommended_trip_price_cents }
            : {}),
          updated_at: clock.now(),
        },
        routeChanged ? pointData(form.points) : null,
      );
      if (routeChanged) await places.recordUsage(nodeIds(form.points));
      if (routeChanged || dateChanged) await onTripChanged(trip);
      // Search alerts follow what the trip now is: matches that no longer hold go, new ones are told.
      if (routeChanged || dateChanged || body.is_passenger !== undefined || body.friendship_type_id !== undefined) {
        await onTripPublished(id, { changed: true });
      }
      return wireTrip(id, user);
    },

    async remove(user: User, id: number) {
      const trip = await ownTrip(user, id, { upcoming: true });
      const affected = await trips.softDelete(id, clock.now());
      await onTripDeleted(trip, affected);
      return { data: 'ok' };
    },

    /**
     * The owner steps the seats by ±1: total seats stay within 1–4 and not below the passengers
     * aboard; the free seats follow.
     */
    async changeSeats(user: User, id: number, increment: 1 | -1) {
      const trip = await ownTrip(user, id, { upcoming: true });
      const total = trip.total_seats + increment;
      if (total < 1) throw new AppError('trip_seats_greater_than_zero', { message: 'trip_seats_greater_than_zero' });
      if (total > 4) throw new AppError('trip_seats_less_than_four', { message: 'trip_seats_less_than_four' });
      const aboard = activePassengers(trip);
      if (total < aboard) throw new AppError('trip_invalid_seats', { message: 'trip_invalid_seats' });
      await trips.setSeats(id, total, total - aboard, clock.now());
      return wireTrip(id, user);
    },

    /** Admins hide or show a trip. */
    async toggleVisibility(admin: User, id: number) {
      const trip = await liveTrip(id);
      await trips.setHidden(id, !trip.hidden, clock.now());
      return wireTrip(id, admin);
    },

    /**
     * The owner's "matching passengers" (or drivers, for a passenger trip): users whose active
     * subscriptions of the trip's kind, or whose trips of the other kind on the same day, start and
     * end within `radiusM` of the trip's ends; users already on the trip are left out.
     */
    async matchers(user: User, id: number, radiusM: number = SEARCH.matchingRadiusM) {
      const trip = await liveTrip(id);
      if (trip.user_id !== user.id) throw accessDenied();
      const origin = trip.points[0] ?? { lat: 0, lng: 0 };
      const destination = trip.points[trip.points.length - 1] ?? origin;
      const ends = { origin: { lat: origin.lat, lng: origin.lng }, destination: { lat: destination.lat, lng: destination.lng } };
      const subscribers = await subscriptions.subscribersNear(
        { user_id: trip.user_id, is_passenger: trip.is_passenger, trip_date: trip.trip_date, ...ends },
        radiusM,
      );
      const dayStart = startOfArDay(arDay(trip.trip_date));
      const now = clock.now();
      const others = await trips.search({
        viewerId: user.id,
        viewerIsAdmin: false,
        includeHidden: false,
        isPassenger: !trip.is_passenger,
        excludeUserId: user.id,
        from: dayStart > now ? dayStart : now,
        to: addDays(dayStart, 1),
        origin: { ...ends.origin, radiusM },
        destination: { ...ends.destination, radiusM },
        newestFirst: false,
        limit: MATCHERS_LIMIT,
        offset: 0,
      });
      const tripOwners = (await trips.records(others.ids)).map((other) => other.user_id);
      const onTrip = await trips.requesterIds(id);
      const userIds = [...new Set([...subscribers, ...tripOwners])].filter((userId) => !onTrip.has(userId)).slice(0, MATCHERS_LIMIT);
      return { data: (await trips.users(userIds)).map(toTripUser) };
    },

    sealingInfo: (user: User) => prices.sealingAnswer(user),
    tripInfo: (user: User, points: { lat: number; lng: number }[]) => prices.tripInfo(user, points),

    async price(user: User, points: { lat: number; lng: number }[]) {
      return { data: await prices.quote(user, points) };
    },

    /** GET /api/users/get-trips: upcoming trips as driver (published) or as passenger (aboard). */
    upcomingTrips: (viewer: User, query: UserTripsQuery) => userTrips(viewer, query, false),
    /** GET /api/users/get-old-trips: the same before now, newest first. */
    oldTrips: (viewer: User, query: UserTripsQuery) => userTrips(viewer, query, true),
  };
}

export type TripService = ReturnType<typeof createTripService>;
