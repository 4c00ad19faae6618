import { describe, expect, it } from 'vitest';
import { haversineMetres } from '@carpool/contracts';
import { ApiError } from '@/lib/api-client';
import { dayjs } from '@/lib/dates';
import { makeTrip } from '@/testing/fixtures';
import {
  createErrorKey,
  defaultTripFormValues,
  firstErrorField,
  newPoint,
  toReturnTripBody,
  toTripBody,
  toTripUpdateBody,
  tripFormValuesFromTrip,
  validateTripForm,
  type TripFormContext,
  type TripFormValues,
} from './trip-form';

// 15 March 2030, 10:20 in Argentina.
const NOW = dayjs.tz('2030-03-15 10:20', 'YYYY-MM-DD HH:mm', 'America/Argentina/Buenos_Aires');

const rosario = { name: 'Rosario', lat: -32.95, lng: -60.66, id: '1', country: 'AR', state: 'Santa Fe' };
const cordoba = { name: 'Córdoba', lat: -31.42, lng: -64.18, id: '2', country: 'AR', state: 'Córdoba' };
const santiago = { name: 'Santiago', lat: -33.45, lng: -70.66, id: '3', country: 'CL', state: 'Región Metropolitana' };
const montevideo = { name: 'Montevideo', lat: -34.9, lng: -56.16, id: '4', country: 'UY', state: 'Montevideo' };

const context: TripFormContext = {
  now: NOW,
  homeCountry: 'AR',
  homeCountryName: 'Argentina',
  maxSeatPriceCents: null,
  returnMaxSeatPriceCents: null,
};

function valid(overrides: Partial<TripFormValues> = {}): TripFormValues {
  const defaults = defaultTripFormValues(NOW);
  return {
    ...defaults,
    points: [newPoint(rosario), newPoint(cordoba)],
    date: '2030-03-16',
    time: '08:30',
    description: 'Salgo del centro.',
    noLucrar: true,
    ...overrides,
  };
}

const withReturn = (values: TripFormValues, back: Partial<TripFormValues['returnTrip']> = {}): TripFormValues => ({
  ...values,
  returnTrip: { ...values.returnTrip, enabled: true, date: '2030-03-18', time: '18:00', description: 'Vuelvo el domingo.', ...back },
});

const keys = (values: TripFormValues, ctx: Partial<TripFormContext> = {}) =>
  Object.fromEntries(Object.entries(validateTripForm(values, { ...context, ...ctx })).map(([field, message]) => [field, message.key]));

describe('trip form defaults', () => {
  it('2 seats, public, time at the next full hour and the return two hours later', () => {
    const values = defaultTripFormValues(NOW);
    expect(values.seats).toBe(2);
    expect(values.privacy).toBe(2);
    expect(values.time).toBe('11:00');
    expect(values.returnTrip.time).toBe('13:00');
    expect(values.returnTrip.seats).toBe(2);
    expect(values.returnTrip.privacy).toBe(2);
    expect(values.points).toHaveLength(2);
    expect(values.isPassenger).toBe(false);
  });

  it('a valid form has no errors', () => {
    expect(validateTripForm(valid(), context)).toEqual({});
    expect(validateTripForm(withReturn(valid()), context)).toEqual({});
  });
});

describe('trip form rules (spec §5)', () => {
  it("each point needs a chosen place: 'localidadValida'", () => {
    expect(keys(valid({ points: [newPoint(null), newPoint(cordoba)] }))).toEqual({ 'points.0': 'localidadValida' });
    expect(keys(valid({ points: [newPoint(rosario), newPoint(null), newPoint(cordoba)] }))).toEqual({ 'points.1': 'localidadValida' });
  });

  it("the return trip needs valid places: 'seleccioneLocalidadValida'", () => {
    expect(keys(withReturn(valid({ points: [newPoint(rosario), newPoint(null)] })))).toEqual({
      'points.1': 'localidadValida',
      'return.points': 'seleccioneLocalidadValida',
    });
  });

  it("origin and destination must differ: 'origenDestinoDistintos'", () => {
    expect(keys(valid({ points: [newPoint(rosario), newPoint({ ...rosario })] }))).toEqual({ 'points.1': 'origenDestinoDistintos' });
  });

  it("refuses two places 500 m apart as the server does (under 1 km), and takes them 1.5 km apart", () => {
    const near = { ...rosario, name: 'Rosario Norte', id: '9', lat: rosario.lat + 0.0045 };
    const far = { ...near, lat: rosario.lat + 0.0135 };
    expect(haversineMetres(rosario, near)).toBeCloseTo(500, -1);
    expect(keys(valid({ points: [newPoint(rosario), newPoint(near)] }))).toEqual({ 'points.1': 'origenDestinoDistintos' });
    expect(keys(valid({ points: [newPoint(rosario), newPoint(far)] }))).toEqual({});
  });

  it("at most one point outside the configured country: 'origenDestinoArgentina'", () => {
    expect(keys(valid({ allowForeign: true, points: [newPoint(rosario), newPoint(santiago)] }))).toEqual({});
    const errors = validateTripForm(valid({ allowForeign: true, points: [newPoint(montevideo), newPoint(santiago)] }), context);
    expect(errors.points).toEqual({ key: 'origenDestinoArgentina', values: { country: 'Argentina' } });
  });

  it("the date is required: 'faltaFecha'", () => {
    expect(keys(valid({ date: null }))).toEqual({ date: 'faltaFecha' });
    expect(keys(valid({ date: '2030-02-30' }))).toEqual({ date: 'faltaFecha' });
  });

  it("the time must be valid: 'noHorarioValido'", () => {
    expect(keys(valid({ time: '25:00' }))).toEqual({ time: 'noHorarioValido' });
    expect(keys(valid({ time: '08:3' }))).toEqual({ time: 'noHorarioValido' });
  });

  it("no trips in the past: 'viajesPasado' (today before now, or an earlier day)", () => {
    expect(keys(valid({ date: '2030-03-15', time: '10:00' }))).toEqual({ time: 'viajesPasado' });
    expect(keys(valid({ date: '2030-03-15', time: '10:30' }))).toEqual({});
    expect(keys(valid({ date: '2030-03-14', time: '23:00' }))).toEqual({ time: 'viajesPasado' });
  });

  it("seats not below the passengers aboard: 'yaTienes N pasajerosSubidos'", () => {
    const errors = validateTripForm(valid({ seats: 2 }), { ...context, passengersAboard: 3 });
    expect(errors.seats).toEqual({ key: 'yaTienesPasajerosSubidos', values: { count: 3 } });
    expect(keys(valid({ seats: 3 }), { passengersAboard: 3 })).toEqual({});
  });

  it("the description is required: 'olvidasteDescripcion', at most 2000", () => {
    expect(keys(valid({ description: '   ' }))).toEqual({ description: 'olvidasteDescripcion' });
    expect(keys(valid({ description: 'x'.repeat(2001) }))).toEqual({ description: 'descripcionMuyLarga' });
  });

  it('the no-profit commitment is required unless the trip is a passenger one', () => {
    expect(keys(valid({ noLucrar: false }))).toEqual({ noLucrar: 'noLucrarRequerido' });
    expect(keys(valid({ noLucrar: false, isPassenger: true }))).toEqual({});
  });

  it("a driver's seat price cannot exceed the maximum: 'El precio del asiento no puede superar <amount>'", () => {
    const errors = validateTripForm(valid({ price: '15001' }), { ...context, maxSeatPriceCents: 1_500_000 });
    expect(errors.price).toEqual({ key: 'precioAsientoNoPuedeSuperar', values: { amount: '$ 15.000' } });
    expect(keys(valid({ price: '15000' }), { maxSeatPriceCents: 1_500_000 })).toEqual({});
    expect(keys(valid({ price: '99999', isPassenger: true }), { maxSeatPriceCents: 1_500_000 })).toEqual({});
  });

  it("the return trip has its own price check: 'precioMaximoExcedido'", () => {
    const errors = validateTripForm(withReturn(valid(), { price: '20000' }), { ...context, returnMaxSeatPriceCents: 1_000_000 });
    expect(errors['return.price']).toEqual({ key: 'precioMaximoExcedido', values: { amount: '$ 10.000' } });
  });

  it("the return trip validates its own date, time and description", () => {
    expect(keys(withReturn(valid(), { date: null, time: '9', description: '' }))).toEqual({
      'return.date': 'faltaFecha',
      'return.time': 'noHorarioValido',
      'return.description': 'olvidasteDescripcion',
    });
  });

  it("the return trip must be later than the outbound: 'fechaHoraLogicas'", () => {
    expect(keys(withReturn(valid(), { date: '2030-03-16', time: '08:30' }))).toEqual({ 'return.time': 'fechaHoraLogicas' });
    expect(keys(withReturn(valid(), { date: '2030-03-16', time: '07:00' }))).toEqual({ 'return.time': 'fechaHoraLogicas' });
    expect(keys(withReturn(valid(), { date: '2030-03-16', time: '08:31' }))).toEqual({});
  });

  it('orders errors as the form shows them', () => {
    expect(firstErrorField({ description: { key: 'a' }, 'points.1': { key: 'b' }, time: { key: 'c' } })).toBe('points.1');
    expect(firstErrorField({})).toBeUndefined();
  });
});

describe('trip payload', () => {
  it('sends the points, the date, seats, price in cents and the preferences inverted', () => {
    const values = valid({ price: '12500', seats: 3, privacy: 1, preferences: { noKids: true, noSmoking: false, noPets: true } });
    const route = { distance: 400_000, duration: 16_200, co2: 600, route_needs_payment: false, maximum_trip_price_cents: 0, recommended_trip_price_cents: 0 };
    expect(toTripBody(values, route)).toEqual({
      is_passenger: false,
      from_town: 'Rosario',
      to_town: 'Córdoba',
      trip_date: '2030-03-16 08:30:00',
      distance: 400_000,
      co2: 600,
      estimated_time: '04:30',
      total_seats: 3,
      friendship_type_id: 1,
      description: 'Salgo del centro.',
      allow_kids: false,
      allow_smoking: true,
      allow_animals: false,
      seat_price_cents: 1_250_000,
      no_lucrar: true,
      points: [
        {
          address: 'Rosario, Santa Fe, AR',
          json_address: { name: 'Rosario', ciudad: 'Rosario', provincia: 'Santa Fe', country: 'AR' },
          lat: -32.95,
          lng: -60.66,
          node_id: '1',
        },
        {
          address: 'Córdoba, Córdoba, AR',
          json_address: { name: 'Córdoba', ciudad: 'Córdoba', provincia: 'Córdoba', country: 'AR' },
          lat: -31.42,
          lng: -64.18,
          node_id: '2',
        },
      ],
    });
  });

  it('a passenger trip has no price and no commitment to ask for', () => {
    const body = toTripBody(valid({ isPassenger: true, price: '5000', noLucrar: false }));
    expect(body).toMatchObject({ is_passenger: true, seat_price_cents: 0, no_lucrar: true });
  });

  it("sends the driver's chosen car as car_id on both legs, and no car_id without one or for a passenger", () => {
    expect(toTripBody(valid({ carId: 5 }))).toMatchObject({ car_id: 5 });
    expect(toReturnTripBody(withReturn(valid({ carId: 5 }), {}), 77)).toMatchObject({ car_id: 5, parent_trip_id: 77 });
    expect(toTripBody(valid({ carId: null }))).not.toHaveProperty('car_id');
    expect(toTripBody(valid({ isPassenger: true, carId: 5 }))).not.toHaveProperty('car_id');
  });

  it('the return trip goes back along the points, with its own fields and parent_trip_id', () => {
    const values = withReturn(valid({ points: [newPoint(rosario), newPoint(santiago), newPoint(cordoba)] }), {
      seats: 1,
      price: '9000',
      privacy: 0,
      preferences: { noKids: false, noSmoking: true, noPets: false },
    });
    const body = toReturnTripBody(values, 77);
    expect(body).toMatchObject({
      parent_trip_id: 77,
      from_town: 'Córdoba',
      to_town: 'Rosario',
      trip_date: '2030-03-18 18:00:00',
      total_seats: 1,
      seat_price_cents: 900_000,
      friendship_type_id: 0,
      description: 'Vuelvo el domingo.',
      allow_smoking: false,
      allow_kids: true,
    });
    expect(body.points.map((point) => point.json_address?.name)).toEqual(['Córdoba', 'Santiago', 'Rosario']);
  });

  it('an update sends the same fields without the kind of trip', () => {
    expect(toTripUpdateBody(valid())).not.toHaveProperty('is_passenger');
    expect(toTripUpdateBody(valid())).toHaveProperty('points');
  });

  it('the edit form starts from the trip, preferences inverted back', () => {
    const values = tripFormValuesFromTrip(makeTrip({ allow_kids: 1, allow_smoking: 0, allow_animals: 0, seat_price_cents: 1_250_000 }), NOW);
    expect(values.points.map((point) => point.place?.name)).toEqual(['Buenos Aires', 'Dolores', 'Mar del Plata']);
    expect(values).toMatchObject({
      date: '2030-03-15',
      time: '08:30',
      seats: 4,
      price: '12500',
      privacy: 2,
      noLucrar: true,
      preferences: { noKids: false, noSmoking: true, noPets: true },
    });
  });

  it("maps creation errors: driver_is_verified → 'tienesQueSerConductor', else 'problemaAlCargarElViaje'", () => {
    expect(createErrorKey(new ApiError(422, { message: 'x', errors: { error: 'driver_is_verified' } }))).toBe('tienesQueSerConductor');
    expect(createErrorKey(new ApiError(422, { message: 'x', errors: { points: ['bad'] } }))).toBe('problemaAlCargarElViaje');
    expect(createErrorKey(new Error('boom'))).toBe('problemaAlCargarElViaje');
  });

  it("maps the provider's profile_required refusal to what the profile lacks", () => {
    const refusal = { message: 'Could not create new trip.', errors: { profile_required: ['The user profile must be complete.'] } };
    expect(createErrorKey(new ApiError(422, refusal))).toBe('tripForm.profileRequired');
  });
});
