import { HOUR, type SeedState } from './model';
import { regularUsers, type DemoUsers } from './people';

/**
 * Friend requests waiting for the demo passenger (issue #11): besides the one buildFriends makes,
 * two more from people with no friendship row with her, so the friends settings show a list to
 * accept or reject. Picked in order, without drawing from the seed's random sequence.
 */
export function buildDemoFriendRequests(state: SeedState, demo: DemoUsers): void {
  const wanted = 2;
  let added = 0;
  for (const person of regularUsers(state).slice(10)) {
    if (added === wanted) break;
    if (state.hasFriendRow(person.id, demo.passenger.id)) continue;
    state.addFriendRequest(person.id, demo.passenger.id, state.ago((added + 1) * 9 * HOUR));
    added++;
  }
}
