import { HOUR, type SeedState, type UserModel } from './model';
import { regularUsers, type DemoUsers } from './people';

/**
 * Friend requests of the demo accounts, picked in order without drawing from the seed's random
 * sequence. Waiting for the demo passenger: besides the one buildFriends makes, two
 * more from people with no friendship row with her, so the friends settings show a list to accept
 * or reject. Sent and still unanswered: two by the passenger and one by the driver, to
 * people at the other end of the list, so their friends settings show 'Solicitud enviada'.
 */
export function buildDemoFriendRequests(state: SeedState, demo: DemoUsers): void {
  const people = regularUsers(state);
  const strangers = (userId: number, candidates: UserModel[], count: number) =>
    candidates.filter((person) => !state.hasFriendRow(person.id, userId)).slice(0, count);

  strangers(demo.passenger.id, people.slice(10), 2).forEach((person, index) =>
    state.addFriendRequest(person.id, demo.passenger.id, state.ago((index + 1) * 9 * HOUR)),
  );
  strangers(demo.passenger.id, people.slice(-30), 2).forEach((person, index) =>
    state.addFriendRequest(demo.passenger.id, person.id, state.ago((index + 1) * 14 * HOUR)),
  );
  strangers(demo.driver.id, people.slice(-60, -30), 1).forEach((person) => state.addFriendRequest(demo.driver.id, person.id, state.ago(20 * HOUR)));
}
