import {
  SEARCH,
  isSamePlace,
  toAlpha2,
  tripPath,
  type FieldErrors,
  type TripBodySchema,
  type TripUpdateBodySchema,
} from '@carpool/contracts';
import type { User } from '@prisma/client';
import type { z } from 'zod';
import type { CountryConfig } from '../../config/countries';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { arDay, fromWireDateTime, toWireDateTime } from '../../lib/dates';
import type { TripRecord } from '../../read-model/trip-records';
import type { TripPointData, TripRepository } from '../../repositories/trip-repository';
import type { PlaceService } from '../place-service';
import { estimatedTime, type PriceService } from '../price-service';

export type CreateBody = z.output<typeof TripBodySchema>;
export type UpdateBody = z.output<typeof TripUpdateBodySchema>;
type PointInput = CreateBody['points'][number];

/** The provider's words for a trip refused to an incomplete profile. */
export const PROFILE_REQUIRED_MESSAGE = 'The user profile must be complete.';

const filled = (value: string | null | undefined): boolean => value != null && value.trim() !== '';

/** The provider's profile fields for publishing a trip: photo, description, document and phone. */
export const isPublishingProfileComplete = (user: Pick<User, 'image' | 'description' | 'nro_doc' | 'mobile_phone'>): boolean =>
  filled(user.image) && filled(user.description) && filled(user.nro_doc) && filled(user.mobile_phone);

/** The trip form after merging: every rule of spec document 1 §5 "Trip form" is checked on this. */
export type TripForm = {
  is_passenger: boolean;
  trip_date: string;
  total_seats: number;
  description: string;
  no_lucrar: boolean;
  seat_price_cents: number;
  car_id: number | null;
  points: PointInput[];
};

/** The same day `years` later or earlier, as 'YYYY-MM-DD' (compared as text). */
export const shiftYears = (day: string, years: number) => `${String(Number(day.slice(0, 4)) + years).padStart(4, '0')}${day.slice(4)}`;

/** "60.000" for 6000000 cents. */
const pesos = (cents: number) => Math.round(cents / 100).toLocaleString('es-AR');

/** The town a point names: its json_address city or name, else the address up to the first comma. */
export function townOf(point: PointInput): string {
  const json = point.json_address as Record<string, unknown>;
  for (const key of ['ciudad', 'name']) {
    const value = json[key];
    if (typeof value === 'string' && value.trim()) return value.trim().slice(0, 255);
  }
  return point.address.split(',')[0]!.trim().slice(0, 255) || point.address.slice(0, 255);
}

/** A point's place node id: node_id, else json_address.id (where the provider's clients put it). */
export function nodeIdOf(point: PointInput): string | null {
  const id = point.node_id ?? (point.json_address as Record<string, unknown> | undefined)?.id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
}

export const nodeIds = (points: PointInput[]) => points.flatMap((p) => nodeIdOf(p) ?? []);

export const pointData = (points: PointInput[]): TripPointData[] =>
  points.map((point, position) => ({
    position,
    address: point.address,
    json_address: JSON.stringify(point.json_address ?? {}),
    lat: point.lat,
    lng: point.lng,
    node_id: nodeIdOf(point),
  }));

export const pointsOfRecord = (trip: TripRecord): PointInput[] =>
  trip.points.map((point) => {
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(point.json_address) as Record<string, unknown>;
    } catch {
      /* stored by hand: keep {} */
    }
    return { address: point.address, json_address: json, lat: point.lat, lng: point.lng, node_id: point.node_id };
  });

type Deps = {
  trips: Pick<TripRepository, 'carOwnedBy'>;
  prices: PriceService;
  places: PlaceService;
  clock: Clock;
  country: CountryConfig;
};

/** The trip form's rules (spec document 1 §5 "Trip form", §6 who may publish). */
export function createTripFormRules({ trips, prices, places, clock, country }: Deps) {
  async function abroadCount(points: PointInput[]): Promise<number> {
    const home = toAlpha2(country.config.osm_country);
    let abroad = 0;
    for (const point of points) {
      const code = await places.countryOf({ lat: point.lat, lng: point.lng, id: point.node_id, country: (point.json_address as Record<string, unknown>).country });
      if (code !== null && code !== home) abroad++;
    }
    return abroad;
  }

  return {
    /** Field errors of spec §5 "Trip form" (all at once, as Laravel validates). */
    async formErrors(form: TripForm, context: { passengersAboard: number; parent: TripRecord | null | undefined; user: User }) {
      const errors: FieldErrors = {};
      const add = (field: string, message: string) => (errors[field] ??= []).push(message);
      const { config } = country;

      const origin = form.points[0]!;
      const destination = form.points[form.points.length - 1]!;
      if (isSamePlace({ ...origin, nodeId: origin.node_id }, { ...destination, nodeId: destination.node_id })) {
        add('points', 'El origen y el destino deben ser distintos.');
      }
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
    },

    /**
     * Spec §6: publishing needs a complete profile and (driver trips, with the module) a verified
     * driver. The profile is the provider's TripsManager rule: photo, description, document and phone,
     * refused as it answers (`errors.profile_required`, docs/decisions/profile-complete-trips.md).
     */
    assertMayPublish(user: User, isPassenger: boolean, message = 'Could not create new trip.') {
      if (!isPublishingProfileComplete(user)) {
        throw new AppError('profile_required', { message, errors: { profile_required: [PROFILE_REQUIRED_MESSAGE] } });
      }
      if (!isPassenger && country.config.module_validated_drivers && !user.driver_is_verified) {
        throw new AppError('driver_is_verified', { message: 'driver_is_verified' });
      }
    },

    async assertCar(user: User, carId: number | null) {
      if (carId !== null && !(await trips.carOwnedBy(carId, user.id))) throw new AppError('car_not_found', { message: 'car_not_found' });
    },

    /** What the points determine: ends, towns, distance, duration, CO2. */
    routeData(points: PointInput[]) {
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
    },
  };
}

export type TripFormRules = ReturnType<typeof createTripFormRules>;
