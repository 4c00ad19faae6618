// The rated card leaves the list (and the list may hide) while the donation modal is open, so the
// trip to ask about lives outside them.
let askedTrip: number | null = null;
const listeners = new Set<() => void>();

export const donationRequest = {
  get: () => askedTrip,
  set(tripId: number | null) {
    askedTrip = tripId;
    listeners.forEach((listener) => listener());
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};
