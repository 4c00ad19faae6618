import { OPEN_REQUEST_STATES, SEATS, isActiveRequest, type Trip as WireTrip } from '@carpool/contracts';
import type { User } from '@prisma/client';
import type { CountryConfig } from '../../config/countries';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { fromWireDateTime, toWireDateTime } from '../../lib/dates';
import type { TripReadModel } from '../../read-model/trip-read-model';
import type { TripRecord } from '../../read-model/trip-records';
import type { TripRepository } from '../../repositories/trip-repository';
import { tripViewer } from '../../transformers/trip-transformer';
import type { PlaceService } from '../place-service';
import type { PriceService } from '../price-service';
import { notFound, type TripAccess } from './trip-access';
import { nodeIds, pointData, pointsOfRecord, townOf, type CreateBody, type TripForm, type TripFormRules, type UpdateBody } from './trip-form';
import type { TripHooks } from './trip-hooks';

type Deps = {
  trips: TripRepository;
  reads: Pick<TripReadModel, 'record' | 'answers'>;
  prices: PriceService;
  places: PlaceService;
  clock: Clock;
  country: CountryConfig;
  form: TripFormRules;
  hooks: TripHooks;
  access: TripAccess;
};

const activePassengers = (trip: TripRecord) => trip.passengers.filter((p) => isActiveRequest(p.request_state)).length;

/** Publishing, editing, cancelling and the owner's and admins' steps on a trip. */
export function createTripWrites({ trips, reads, prices, places, clock, country, form: rules, hooks, access }: Deps) {
  /** The trip's answer for the user who wrote it. */
  async function wireTrip(id: number, user: User): Promise<{ data: WireTrip }> {
    const [trip] = await reads.answers([id], tripViewer(user));
    if (!trip) throw notFound();
    return { data: trip };
  }

  return {
    async create(user: User, body: CreateBody) {
      const parent = body.parent_trip_id ? await reads.record(body.parent_trip_id) : undefined;
      const form: TripForm = { ...body, car_id: body.car_id ?? null };
      const errors = await rules.formErrors(form, { passengersAboard: 0, parent, user });
      if (Object.keys(errors).length > 0) throw AppError.fields(errors);
      // As the provider: the body's validation first, then the profile and the driver.
      rules.assertMayPublish(user, body.is_passenger);
      await rules.assertCar(user, form.car_id);

      const from_town = body.from_town ?? townOf(body.points[0]!);
      const to_town = body.to_town ?? townOf(body.points[body.points.length - 1]!);
      const trip_date = fromWireDateTime(body.trip_date);
      const duplicate = await trips.findDuplicate({ user_id: user.id, from_town, to_town, trip_date, is_passenger: body.is_passenger });
      if (duplicate) return wireTrip(duplicate.id, user);

      const needsFee = !body.is_passenger && (await prices.needsCreationFee(user));
      const route = rules.routeData(body.points);
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
      if (!needsFee) await hooks.onTripPublished(id);
      return wireTrip(id, user);
    },

    async update(user: User, id: number, body: UpdateBody) {
      const trip = await access.ownTrip(user, id, { upcoming: true });
      if (body.is_passenger === false && trip.is_passenger) rules.assertMayPublish(user, false, 'Could not update trip.');
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
      const errors = await rules.formErrors(form, { passengersAboard: aboard, parent: undefined, user });
      const routeChanged = body.points !== undefined;
      const dateChanged = body.trip_date !== undefined && body.trip_date !== current.trip_date;
      if (dateChanged && !errors.trip_date) {
        // An outbound and its return trip keep their order ('fechaHoraLogicas').
        const date = fromWireDateTime(form.trip_date);
        const parent = trip.parent_trip_id ? await reads.record(trip.parent_trip_id) : null;
        if (parent && !parent.deleted_at && date <= parent.trip_date) errors.trip_date = ['La vuelta tiene que ser posterior a la ida.'];
        const back = trip.returnTrip;
        if (back && !back.deleted_at && date >= back.trip_date) errors.trip_date = ['La ida tiene que ser anterior a la vuelta.'];
      }
      if (Object.keys(errors).length > 0) throw AppError.fields(errors);
      if (body.car_id !== undefined) await rules.assertCar(user, form.car_id);

      const route = routeChanged ? rules.routeData(form.points) : null;
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
      if (routeChanged || dateChanged) await hooks.onTripChanged(trip);
      // Search alerts follow what the trip now is: matches that no longer hold go, new ones are told.
      if (routeChanged || dateChanged || body.is_passenger !== undefined || body.friendship_type_id !== undefined) {
        await hooks.onTripPublished(id, { changed: true });
      }
      return wireTrip(id, user);
    },

    /** The owner cancels the trip: its open requests (pending or aboard) are cancelled with it, and their users told. */
    async remove(user: User, id: number) {
      const trip = await access.ownTrip(user, id, { upcoming: true });
      const at = clock.now();
      const affected = await trips.transaction(async (tx) => {
        const userIds = await tx.cancelRequests(id, OPEN_REQUEST_STATES, at);
        await tx.markDeleted(id, at);
        return userIds;
      });
      await hooks.onTripDeleted(trip, affected);
      return { data: 'ok' };
    },

    /**
     * The owner steps the seats by ±1: total seats stay within SEATS.min–SEATS.max and not below
     * the passengers aboard; the free seats follow.
     */
    async changeSeats(user: User, id: number, increment: 1 | -1) {
      const trip = await access.ownTrip(user, id, { upcoming: true });
      const total = trip.total_seats + increment;
      if (total < SEATS.min) throw new AppError('trip_seats_greater_than_zero', { message: 'trip_seats_greater_than_zero' });
      if (total > SEATS.max) throw new AppError('trip_seats_less_than_four', { message: 'trip_seats_less_than_four' });
      const aboard = activePassengers(trip);
      if (total < aboard) throw new AppError('trip_invalid_seats', { message: 'trip_invalid_seats' });
      await trips.setSeats(id, total, total - aboard, clock.now());
      return wireTrip(id, user);
    },

    /** Admins hide or show a trip. */
    async toggleVisibility(admin: User, id: number) {
      const trip = await access.liveTrip(id);
      await trips.setHidden(id, !trip.hidden, clock.now());
      return wireTrip(id, admin);
    },
  };
}
