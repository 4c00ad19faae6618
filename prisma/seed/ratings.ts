import type { DemoTrips } from './demo';
import { DAY, HOUR, type SeedState } from './model';
import type { DemoUsers } from './people';

/** The monthly donor of the demo: donation prompts never show to this account. */
export const DONOR_EMAIL = 'donante@carpool.ar';

/**
 * The ratings and donations demo, on top of the ratings the world already has: the
 * accepted passenger beside Lucía on the driver's trip to Rosario becomes a known monthly donor
 * (logs in as donante@carpool.ar), and the driver has answered one of the public ratings of his
 * past trip to the coast. Draws nothing at random, so the rest of the world stays as it was.
 * Pending ratings: the driver and Lucía owe each other the past trip to Rosario (open now), and the
 * trip to Rosario in three days opens 24 h after it starts (the server's clock job makes them).
 */
export function buildRatingsDemo(state: SeedState, demo: DemoUsers, trips: DemoTrips): void {
  const donor = trips.toRosarioAccepted;
  donor.email = DONOR_EMAIL;
  donor.columns = { ...donor.columns, monthly_donate: true };
  state.donations.push({
    id: state.nextId('donations'),
    user_id: donor.id,
    trip_id: null,
    has_donated: true,
    has_denied: false,
    ammount: 5000,
    created_at: state.ago(20 * DAY),
  });

  const votedTrips = new Set(state.trips.filter((trip) => trip.userId === demo.driver.id && trip.ratings === 'voted').map((trip) => trip.id));
  const received = state.ratings.find(
    (row) => votedTrips.has(row.trip_id as number) && row.user_id_to === demo.driver.id && row.voted === true && row.available === true && row.reply_comment === null,
  );
  if (received && received.rate_at instanceof Date) {
    received.reply_comment = '¡Gracias! Fue un gusto compartir el viaje.';
    received.reply_comment_created_at = new Date(Math.min(state.nowMs - HOUR, received.rate_at.getTime() + 5 * HOUR));
  }
}
