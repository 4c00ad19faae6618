import {
  APP,
  LENGTHS,
  MONEY,
  SEATS,
  TRIP_DEFAULTS,
  co2ForDistance,
  isAbroad,
  isSamePlace,
  sameCountry,
  type PriceInfo,
  type Trip,
  type TripBody,
  type TripPoint,
  type TripUpdateBody,
} from '@carpool/contracts';
import { isApiError } from '@/lib/api-client';
import { dayjs, nowInArgentina, parseProviderDate } from '@/lib/dates';
import { formatPrice, isFlagSet, pointName } from '@/lib/trip-display';
import { durationToHhMm, isValidTime, parseAmount } from './number-input';
import type { SelectedPlace } from './search-params';

export type Privacy = 0 | 1 | 2;

/** friendship_type_id: 0 friends only, 1 friends of friends, 2 public. */
export const PRIVACY_KEYS: Record<Privacy, string> = {
  0: 'tripForm.privacyFriends',
  1: 'tripForm.privacyFriendsOfFriends',
  2: 'tripForm.privacyPublic',
};

/** The form's checkboxes say what is NOT allowed; the wire's allow_* flags are their inverse (spec §5). */
export type Preferences = { noKids: boolean; noSmoking: boolean; noPets: boolean };

export type PointValue = { key: string; place: SelectedPlace | null };

export type ReturnTripValues = {
  enabled: boolean;
  /** 'YYYY-MM-DD' */
  date: string | null;
  /** 'HH:mm' as typed (mask ##:##). */
  time: string;
  seats: number;
  /** Whole pesos as typed, digits only. */
  price: string;
  description: string;
  privacy: Privacy;
  preferences: Preferences;
};

export type TripFormValues = {
  isPassenger: boolean;
  /** Origin, intermediate points, destination. */
  points: PointValue[];
  /** Allows points outside the configured country (at most one). */
  allowForeign: boolean;
  date: string | null;
  time: string;
  seats: number;
  price: string;
  description: string;
  privacy: Privacy;
  preferences: Preferences;
  noLucrar: boolean;
  /** The driver's car (Mis autos), sent as car_id when chosen. */
  carId: number | null;
  returnTrip: ReturnTripValues;
};

/** An i18n key and its values. */
export type FormMessage = { key: string; values?: Record<string, string | number> };

/**
 * Errors by field: `points.<index>`, `points` (the whole route), `date`, `time`, `seats`, `price`,
 * `description`, `noLucrar`, and `return.<field>` for the return trip.
 */
export type TripFormErrors = Record<string, FormMessage>;

export type TripFormContext = {
  now?: dayjs.Dayjs;
  /** config.osm_country and config.country_name: the names the home country may have in a place. */
  homeCountry: string;
  homeCountryName: string;
  /** Seat price limits in cents (null: none), see seatPriceLimitCents. */
  maxSeatPriceCents: number | null;
  returnMaxSeatPriceCents: number | null;
  /** Passengers already aboard (editing). */
  passengersAboard?: number;
};

export const MAX_POINTS = 10;

let pointKey = 0;
export const newPoint = (place: SelectedPlace | null = null): PointValue => ({ key: `p${++pointKey}`, place });

const NO_PREFERENCES: Preferences = { noKids: false, noSmoking: false, noPets: false };

/** Spec: 2 seats, public, time = next full hour (return: two hours later). */
export function defaultTripFormValues(now: dayjs.Dayjs = nowInArgentina()): TripFormValues {
  const nextHour = now.add(1, 'hour').startOf('hour');
  return {
    isPassenger: false,
    points: [newPoint(), newPoint()],
    allowForeign: false,
    date: null,
    time: nextHour.format('HH:mm'),
    seats: SEATS.default,
    price: '',
    description: '',
    privacy: TRIP_DEFAULTS.friendshipTypeId,
    preferences: NO_PREFERENCES,
    noLucrar: false,
    carId: null,
    returnTrip: {
      enabled: false,
      date: null,
      time: nextHour.add(TRIP_DEFAULTS.returnTripOffsetHours, 'hour').format('HH:mm'),
      seats: SEATS.default,
      price: '',
      description: '',
      privacy: TRIP_DEFAULTS.friendshipTypeId,
      preferences: NO_PREFERENCES,
    },
  };
}

const placeOfPoint = (point: TripPoint): SelectedPlace => ({
  name: pointName(point),
  lat: point.lat,
  lng: point.lng,
  id: point.node_id == null ? undefined : String(point.node_id),
  country: point.json_address.country,
  state: point.json_address.provincia ?? point.json_address.state,
});

/** The edit form starts from the trip as it is. */
export function tripFormValuesFromTrip(trip: Trip, now: dayjs.Dayjs = nowInArgentina()): TripFormValues {
  const defaults = defaultTripFormValues(now);
  const date = parseProviderDate(trip.trip_date);
  const places = trip.points.map(placeOfPoint);
  return {
    ...defaults,
    isPassenger: isFlagSet(trip.is_passenger),
    points: places.map((place) => newPoint(place)),
    allowForeign: places.some((place) => Boolean(place.country) && !sameCountry(place.country!, places[0]?.country ?? '')),
    date: date.format('YYYY-MM-DD'),
    time: date.format('HH:mm'),
    seats: trip.total_seats,
    price: trip.seat_price_cents > 0 ? String(Math.round(trip.seat_price_cents / MONEY.centsPerUnit)) : '',
    description: trip.description,
    privacy: trip.friendship_type_id,
    preferences: {
      noKids: !isFlagSet(trip.allow_kids),
      noSmoking: !isFlagSet(trip.allow_smoking),
      noPets: !isFlagSet(trip.allow_animals),
    },
    noLucrar: isFlagSet(trip.no_lucrar),
    carId: trip.car_id ?? null,
  };
}

/** The server's rule (isSamePlace): the same node, or closer than SAME_PLACE_RADIUS_M. */
const samePlace = (a: SelectedPlace, b: SelectedPlace) => isSamePlace({ ...a, nodeId: a.id }, { ...b, nodeId: b.id });

/** 'YYYY-MM-DD' + 'HH:mm' in Argentina time, or null when either is missing or invalid. */
export function tripDateTime(date: string | null, time: string): dayjs.Dayjs | null {
  if (!date || !isValidTime(time)) return null;
  const value = dayjs.tz(`${date} ${time}`, 'YYYY-MM-DD HH:mm', APP.timezone);
  return value.isValid() ? value : null;
}

type ScheduleFields = { date: string | null; time: string };

function validateSchedule(values: ScheduleFields, now: dayjs.Dayjs, errors: TripFormErrors, prefix: string) {
  const dateValid = Boolean(values.date) && dayjs(values.date, 'YYYY-MM-DD', true).isValid();
  if (!dateValid) errors[`${prefix}date`] = { key: 'faltaFecha' };
  if (!isValidTime(values.time)) errors[`${prefix}time`] = { key: 'noHorarioValido' };
  const when = tripDateTime(values.date, values.time);
  if (dateValid && when && when.isBefore(now)) errors[`${prefix}time`] = { key: 'viajesPasado' };
  return when;
}

function validatePrice(price: string, limit: number | null, errors: TripFormErrors, field: string, key: string) {
  const amount = parseAmount(price) ?? 0;
  if (limit !== null && amount * MONEY.centsPerUnit > limit) {
    errors[field] = { key, values: { amount: formatPrice(limit) } };
  }
}

function validateDescription(description: string, errors: TripFormErrors, field: string) {
  if (description.trim() === '') errors[field] = { key: 'olvidasteDescripcion' };
  else if (description.length > LENGTHS.tripDescription) {
    errors[field] = { key: 'descripcionMuyLarga', values: { max: LENGTHS.tripDescription } };
  }
}

/** Spec document 1 §5, Trip form: every rule and its message key. An empty object means valid. */
export function validateTripForm(values: TripFormValues, context: TripFormContext): TripFormErrors {
  const now = context.now ?? nowInArgentina();
  const errors: TripFormErrors = {};
  const homeNames = [context.homeCountry, context.homeCountryName];

  values.points.forEach((point, index) => {
    if (!point.place) errors[`points.${index}`] = { key: 'localidadValida' };
  });
  const origin = values.points[0]?.place;
  const destination = values.points[values.points.length - 1]?.place;
  if (origin && destination && samePlace(origin, destination)) {
    errors[`points.${values.points.length - 1}`] = { key: 'origenDestinoDistintos' };
  }
  if (values.points.filter((point) => isAbroad(point.place?.country, homeNames)).length > 1) {
    errors.points = { key: 'origenDestinoArgentina', values: { country: context.homeCountryName } };
  }
  const routeValid = !Object.keys(errors).some((field) => field.startsWith('points'));

  const outbound = validateSchedule(values, now, errors, '');

  if (values.seats < SEATS.min || values.seats > SEATS.max) {
    errors.seats = { key: 'asientosEntre', values: { min: SEATS.min, max: SEATS.max } };
  } else if ((context.passengersAboard ?? 0) > values.seats) {
    errors.seats = { key: 'yaTienesPasajerosSubidos', values: { count: context.passengersAboard ?? 0 } };
  }

  validateDescription(values.description, errors, 'description');

  if (!values.isPassenger) {
    if (!values.noLucrar) errors.noLucrar = { key: 'noLucrarRequerido' };
    validatePrice(values.price, context.maxSeatPriceCents, errors, 'price', 'precioAsientoNoPuedeSuperar');
  }

  const back = values.returnTrip;
  if (back.enabled) {
    if (!routeValid) errors['return.points'] = { key: 'seleccioneLocalidadValida' };
    const returnAt = validateSchedule(back, now, errors, 'return.');
    if (outbound && returnAt && !errors['return.time'] && !returnAt.isAfter(outbound)) {
      errors['return.time'] = { key: 'fechaHoraLogicas' };
    }
    if (back.seats < SEATS.min || back.seats > SEATS.max) {
      errors['return.seats'] = { key: 'asientosEntre', values: { min: SEATS.min, max: SEATS.max } };
    }
    validateDescription(back.description, errors, 'return.description');
    if (!values.isPassenger) {
      validatePrice(back.price, context.returnMaxSeatPriceCents, errors, 'return.price', 'precioMaximoExcedido');
    }
  }
  return errors;
}

/** A chosen place as a trip point on the wire. */
export function toWirePoint(place: SelectedPlace): TripBody['points'][number] {
  return {
    address: [place.name, place.state, place.country].filter(Boolean).join(', '),
    json_address: {
      name: place.name,
      ciudad: place.name,
      ...(place.state && { provincia: place.state }),
      ...(place.country && { country: place.country }),
    },
    lat: place.lat,
    lng: place.lng,
    node_id: place.id ?? null,
  };
}

const chosenPlaces = (points: PointValue[]): SelectedPlace[] =>
  points.flatMap((point) => (point.place ? [point.place] : []));

/** Distance, co2 and estimated time from the route answer (the server computes them again). */
function routeFields(route: PriceInfo | undefined) {
  if (!route) return {};
  return {
    distance: route.distance,
    co2: route.co2 || co2ForDistance(route.distance),
    estimated_time: durationToHhMm(route.duration),
  };
}

type TripFields = {
  date: string | null;
  time: string;
  seats: number;
  price: string;
  description: string;
  privacy: Privacy;
  preferences: Preferences;
};

function commonFields(isPassenger: boolean, places: SelectedPlace[], fields: TripFields, route: PriceInfo | undefined) {
  return {
    from_town: places[0]!.name,
    to_town: places[places.length - 1]!.name,
    trip_date: `${fields.date} ${fields.time}:00`,
    ...routeFields(route),
    total_seats: fields.seats,
    friendship_type_id: fields.privacy,
    description: fields.description.trim(),
    allow_kids: !fields.preferences.noKids,
    allow_smoking: !fields.preferences.noSmoking,
    allow_animals: !fields.preferences.noPets,
    seat_price_cents: isPassenger ? 0 : (parseAmount(fields.price) ?? 0) * MONEY.centsPerUnit,
    points: places.map(toWirePoint),
  };
}

/** POST /api/trips for the outbound trip of a valid form. */
export function toTripBody(values: TripFormValues, route?: PriceInfo): TripBody {
  return {
    is_passenger: values.isPassenger,
    ...commonFields(values.isPassenger, chosenPlaces(values.points), values, route),
    // A passenger's trip needs no commitment; the provider stores it as given.
    no_lucrar: values.isPassenger ? true : values.noLucrar,
    ...carOf(values),
  };
}

/** car_id only when a driver chose one, as the provider's client sends it. */
const carOf = (values: TripFormValues): { car_id?: number } => (!values.isPassenger && values.carId !== null ? { car_id: values.carId } : {});

/** POST /api/trips for the return trip: the points reversed, its own fields, parent_trip_id. */
export function toReturnTripBody(values: TripFormValues, parentTripId: number, route?: PriceInfo): TripBody {
  return {
    is_passenger: values.isPassenger,
    ...commonFields(values.isPassenger, chosenPlaces(values.points).reverse(), values.returnTrip, route),
    no_lucrar: values.isPassenger ? true : values.noLucrar,
    ...carOf(values),
    parent_trip_id: parentTripId,
  };
}

/** PUT /api/trips/:id: the same fields (the kind of trip does not change). */
export function toTripUpdateBody(values: TripFormValues, route?: PriceInfo): TripUpdateBody {
  const { is_passenger: _kind, ...body } = toTripBody(values, route);
  return body;
}

/** The first field with an error, in the order the form shows them (to scroll to it). */
export function firstErrorField(errors: TripFormErrors): string | undefined {
  const order = ['points', 'date', 'time', 'seats', 'price', 'description', 'noLucrar', 'return.'];
  return Object.keys(errors).sort((a, b) => {
    const rank = (field: string) => order.findIndex((prefix) => field.startsWith(prefix));
    return rank(a) - rank(b);
  })[0];
}

/**
 * Spec §8: driver_is_verified → 'tienesQueSerConductor', anything else → 'problemaAlCargarElViaje'; and
 * the provider's profile_required (a field key: errors.profile_required, docs/decisions/profile-complete-trips.md),
 * which the spec does not name, → what the profile lacks, so the user knows what to do.
 */
export function createErrorKey(error: unknown): string {
  if (!isApiError(error)) return 'problemaAlCargarElViaje';
  if (error.code === 'driver_is_verified') return 'tienesQueSerConductor';
  if ('profile_required' in error.fieldErrors) return 'tripForm.profileRequired';
  return 'problemaAlCargarElViaje';
}
