import { SEATS, type Trip } from '@carpool/contracts';

/** The trip form's seat count: 1 to 4; minus disabled at 1, plus at 4. */
export const seatCountLimits = (value: number) => ({ canRemove: value > SEATS.min, canAdd: value < SEATS.max });

/**
 * The owner's free-seat stepper (changeSeats ±1 moves total and free seats together): plus is
 * disabled at 4 seats or above 3 free; minus at 1 seat, or with no free seat left to remove.
 */
export function freeSeatStepper(trip: Pick<Trip, 'total_seats' | 'seats_available'>) {
  return {
    canAdd: trip.total_seats < SEATS.max && trip.seats_available <= SEATS.stepperMaxFree,
    canRemove: trip.total_seats > SEATS.min && trip.seats_available > 0,
  };
}
