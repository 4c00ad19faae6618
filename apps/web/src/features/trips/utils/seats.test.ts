import { describe, expect, it } from 'vitest';
import { freeSeatStepper, seatCountLimits } from './seats';

describe('seat steppers', () => {
  it('the form counts 1 to 4: minus disabled at 1, plus at 4', () => {
    expect(seatCountLimits(1)).toEqual({ canRemove: false, canAdd: true });
    expect(seatCountLimits(2)).toEqual({ canRemove: true, canAdd: true });
    expect(seatCountLimits(4)).toEqual({ canRemove: true, canAdd: false });
  });

  it("the owner's free seats: plus disabled at 4 seats or above 3 free, minus at 1 seat or none free", () => {
    expect(freeSeatStepper({ total_seats: 4, seats_available: 2 })).toEqual({ canAdd: false, canRemove: true });
    expect(freeSeatStepper({ total_seats: 3, seats_available: 3 })).toEqual({ canAdd: true, canRemove: true });
    expect(freeSeatStepper({ total_seats: 1, seats_available: 1 })).toEqual({ canAdd: true, canRemove: false });
    expect(freeSeatStepper({ total_seats: 3, seats_available: 0 })).toEqual({ canAdd: true, canRemove: false });
  });
});
