/**
 * The server's one statement of who may see a trip, for every listing, answer, seat request and
 * notification (shared/API-NOTES.md "Visibility"). Repositories and services take the SQL and the
 * predicates from here; which seat requests count as passengers aboard is a rule of
 * '@carpool/contracts' (rules.ts), shared with the web app and the seed.
 *
 * A cancelled trip (state 'canceled') is visible like any other: the provider's
 * `TripsManager::userCanSeeTrip`, behind both the trip page and a seat request, looks at privacy and
 * the creation fee only. So nothing here looks at that state.
 */

// Kept for the read model's test, which still imports the request rule from here.
export { isOpenRequest } from '@carpool/contracts';

/** Trips waiting for the creation fee are visible only to their owner. */
const UNPAID_STATES = ['awaiting_payment', 'pending_payment', 'payment_failed'] as const;
const UNPAID_STATES_SQL = `(${UNPAID_STATES.map((state) => `'${state}'`).join(', ')})`;
export const isUnpaid = (state: string) => (UNPAID_STATES as readonly string[]).includes(state);

/** Trip privacy (friendship_type_id): 0 friends, 1 friends of friends, 2 public. */
export const PRIVACY = { friends: 0, friendsOfFriends: 1, public: 2 } as const;

/** The user's accepted friends (ids); one parameter: the user's id. */
export const FRIENDS_SQL = 'SELECT uid2 FROM friends WHERE uid1 = ? AND state = 1';
/** The friends of the user's accepted friends (ids); one parameter: the user's id. */
export const FRIENDS_OF_FRIENDS_SQL =
  'SELECT f2.uid2 FROM friends f1 JOIN friends f2 ON f2.uid1 = f1.uid2 WHERE f1.uid1 = ? AND f1.state = 1 AND f2.state = 1';

/**
 * Whether the owner's privacy reaches the viewer, as SQL over a trip alias (default `t`): public,
 * or the viewer is the owner's friend, or a friend's friend under privacy 1. Friendships are stored
 * in both directions, so the viewer's friends are the owner's. Pushes two parameters.
 */
export function reachSql(viewerId: number, params: unknown[], alias = 't'): string {
  params.push(viewerId, viewerId);
  return (
    `(${alias}.friendship_type_id = ${PRIVACY.public} ` +
    `OR ${alias}.user_id IN (${FRIENDS_SQL}) ` +
    `OR (${alias}.friendship_type_id = ${PRIVACY.friendsOfFriends} AND ${alias}.user_id IN (${FRIENDS_OF_FRIENDS_SQL})))`
  );
}

/**
 * Who may see a trip in listings and answers, as SQL over a trip alias: its owner always; others
 * when the privacy reaches them, and never while it waits for the creation fee. A guest (null)
 * sees public trips only. Hidden and deleted trips are the callers' filters.
 */
export function visibleTripSql(viewerId: number | null, params: unknown[], alias = 't'): string {
  if (viewerId === null) return `${alias}.friendship_type_id = ${PRIVACY.public} AND ${alias}.state NOT IN ${UNPAID_STATES_SQL}`;
  params.push(viewerId);
  return `(${alias}.user_id = ? OR (${alias}.state NOT IN ${UNPAID_STATES_SQL} AND ${reachSql(viewerId, params, alias)}))`;
}

/**
 * What `visibleTripSql` says of a trip for every viewer, guests included, read from the trip alone:
 * public and not waiting for its fee. Otherwise it depends on the viewer (ask `visibleTripSql`).
 */
export const visibleToAnyone = (trip: { friendship_type_id: number; state: string }) =>
  trip.friendship_type_id === PRIVACY.public && !isUnpaid(trip.state);

/** The same reach in memory, from the owner's friend circles (search alerts, one trip and many users). */
export function reaches(
  privacy: number,
  circles: { friends: ReadonlySet<number>; friendsOfFriends: ReadonlySet<number> },
  viewerId: number,
): boolean {
  return privacy === PRIVACY.public || circles.friends.has(viewerId) || (privacy === PRIVACY.friendsOfFriends && circles.friendsOfFriends.has(viewerId));
}
