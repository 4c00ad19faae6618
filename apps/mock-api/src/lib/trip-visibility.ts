/**
 * The server's one statement of two rules every listing, answer and notification shares
 * (shared/API-NOTES.md "Visibility"): which seat requests count as passengers aboard, and who may
 * see a trip. Repositories and services take the SQL and the predicates from here.
 */

/** Request states (spec document 1 §4). */
export const REQUEST_STATE = { pending: 0, accepted: 1, rejected: 2, cancelled: 3, waitingPayment: 4 } as const;

/** States 1 (accepted) and 4 (waiting for payment) hold a seat: the passengers aboard. */
export const ACTIVE_REQUEST_STATES = [REQUEST_STATE.accepted, REQUEST_STATE.waitingPayment] as const;
/** Active states plus a pending request: a new request on the trip would be a duplicate. */
export const OPEN_REQUEST_STATES = [REQUEST_STATE.pending, ...ACTIVE_REQUEST_STATES] as const;

/**
 * Pending (0) and waiting for payment (4): the provider's `Trip::passengerPending`, behind
 * `passengerPending_count` and a viewer's `request: 'send'`.
 */
export const WAITING_REQUEST_STATES = [REQUEST_STATE.pending, REQUEST_STATE.waitingPayment] as const;

export const isActiveRequest = (state: number) => (ACTIVE_REQUEST_STATES as readonly number[]).includes(state);
export const isWaitingRequest = (state: number) => (WAITING_REQUEST_STATES as readonly number[]).includes(state);
export const isOpenRequest = (state: number) => (OPEN_REQUEST_STATES as readonly number[]).includes(state);

/** `(1, 4)` for `request_state IN …`. */
export const ACTIVE_REQUEST_STATES_SQL = `(${ACTIVE_REQUEST_STATES.join(', ')})`;
/** `(0, 1, 4)` for `request_state IN …`. */
export const OPEN_REQUEST_STATES_SQL = `(${OPEN_REQUEST_STATES.join(', ')})`;

/** Trips waiting for the creation fee are visible only to their owner. */
export const UNPAID_STATES = ['awaiting_payment', 'pending_payment', 'payment_failed'] as const;
export const UNPAID_STATES_SQL = `(${UNPAID_STATES.map((state) => `'${state}'`).join(', ')})`;
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
