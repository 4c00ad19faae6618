// No zod here: the web app's first load reads seat-request rows with these (see requests.ts).

/** What names a seat request's state and its requester, in the provider's rows or the mock's. */
type RequestRow = { state?: number; request_state?: number; user?: { id: number }; user_id?: number };

/** A seat request's state, whichever name carries it (`state` in the provider's request lists). */
export const requestStateOf = (row: Pick<RequestRow, 'state' | 'request_state'>): number => (row.state ?? row.request_state)!;

/** Who asked for the seat: `user.id` (the provider's request lists carry no `user_id`). */
export const requesterIdOf = (row: Pick<RequestRow, 'user' | 'user_id'>): number => (row.user?.id ?? row.user_id)!;
