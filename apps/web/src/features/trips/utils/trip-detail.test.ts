import { describe, expect, it } from 'vitest';
import { makeTrip } from '@/testing/fixtures';
import { isActivePassenger, isTripOwner, seatsDisplay, shareLinks, tripAlerts, tripStatus } from './trip-detail';

describe('trip detail rules', () => {
  it('marks a seat taken when its index is below total − available', () => {
    const display = seatsDisplay({ total_seats: 4, seats_available: 1 }, false);
    expect(display.seats.map((seat) => seat.taken)).toEqual([true, true, true, false]);
    expect(display.level).toBe('almost-full');
    expect(display.carpooleado).toBe(false);
  });

  it("shows 'Carpooleado' for a full trip, except to one of its passengers", () => {
    expect(seatsDisplay({ total_seats: 3, seats_available: 0 }, false).carpooleado).toBe(true);
    expect(seatsDisplay({ total_seats: 3, seats_available: 0 }, true).carpooleado).toBe(false);
    expect(seatsDisplay({ total_seats: 4, seats_available: 4 }, false).level).toBe('free');
    expect(seatsDisplay({ total_seats: 4, seats_available: 2 }, false).level).toBe('half');
  });

  it('knows the owner and the active passengers (states 1 and 4)', () => {
    const trip = makeTrip({
      user_id: 7,
      passenger: [
        { id: 8, first_name: 'Ana', image: null, request_id: 1, request_state: 1 },
        { id: 9, first_name: 'Juan', image: null, request_id: 2, request_state: 4 },
        { id: 10, first_name: 'Sol', image: null, request_id: 3, request_state: 0 },
        // The provider's public passenger: no request state, aboard.
        { id: 11, first_name: 'Luz', image: null },
      ],
    });
    expect(isTripOwner(trip, { id: 7 })).toBe(true);
    expect(isTripOwner(trip, null)).toBe(false);
    expect([8, 9, 10, 11, 12].map((id) => isActivePassenger(trip, { id }))).toEqual([true, true, false, true, false]);
  });

  it("takes the owner from the trip's user, as the provider sends no user_id", () => {
    const { user_id: _mockOnly, ...providerTrip } = makeTrip({ user: { ...makeTrip().user!, id: 15 } });
    expect(isTripOwner(providerTrip, { id: 15 })).toBe(true);
    expect(isTripOwner(providerTrip, { id: 7 })).toBe(false);
    // A guest's answer has no user at all: nobody owns it.
    expect(isTripOwner({ ...providerTrip, user: undefined }, { id: 15 })).toBe(false);
  });

  it('names the status: Activo, Oculto, Borrado', () => {
    expect(tripStatus(makeTrip())).toBe('active');
    expect(tripStatus(makeTrip({ hidden: 1 }))).toBe('hidden');
    expect(tripStatus(makeTrip({ hidden: 1, deleted: true }))).toBe('deleted');
  });

  it('shows alerts by state', () => {
    expect(tripAlerts(makeTrip())).toEqual([]);
    expect(tripAlerts(makeTrip({ hidden: 1 }))).toEqual(['hidden']);
    expect(tripAlerts(makeTrip({ deleted: 1, hidden: 1 }))).toEqual(['deleted']);
    expect(tripAlerts(makeTrip({ state: 'awaiting_payment' }))).toEqual(['awaiting_payment']);
    expect(tripAlerts(makeTrip({ state: 'payment_failed', hidden: true }))).toEqual(['hidden', 'payment_failed']);
  });

  it('shares on WhatsApp only on mobile', () => {
    expect(shareLinks('https://x/app/trips/1', 'Viajo', false).map((link) => link.network)).toEqual(['facebook', 'twitter']);
    const mobile = shareLinks('https://x/app/trips/1', 'Viajo', true);
    expect(mobile.map((link) => link.network)).toEqual(['facebook', 'twitter', 'whatsapp']);
    expect(mobile[0]!.href).toBe('https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fx%2Fapp%2Ftrips%2F1');
  });
});
