/**
 * Error codes and readers of error answers, without zod: the web app's first load reads error
 * answers before the schemas load (errors.ts has the schemas and re-exports this module).
 */

/**
 * Every error code the provider answers with (spec document 2 §8 and shared/API-NOTES.md),
 * plus the few the mock adds where the provider's code is not known (marked "mock").
 * Misspellings are part of the wire contract and stay.
 */
export const ERROR_CODES = {
  /** Wrong e-mail or password (401). */
  invalid_credentials: 401,
  /** Login of an account that was never activated (401); the client shows 'debeActivarCuenta'. */
  user_not_active: 401,
  /** Login of a banned account (401); the client shows 'usuarioBanneado'. */
  user_banned: 401,
  /** Token refresh of a banned account (403). */
  banned: 403,
  /** No bearer token on a call that needs one (401). */
  token_not_provided: 401,
  /** Bearer token unreadable or signed with another key (401). */
  token_invalid: 401,
  /** Bearer token past its lifetime; refreshable for 14 days (401). */
  token_expired: 401,
  /** mock: the caller's role may not do this (admin-only call, another user's data) (403). */
  forbidden: 403,
  /** Trip missing, deleted or not visible to the viewer (sic). */
  trip_not_foound: 422,
  /** The action is not allowed on this trip (not visible, expired, own trip, not the owner). */
  access_denied: 422,
  trip_expired: 422,
  not_a_passenger: 422,
  not_valid_request: 422,
  /** No free seat left when accepting or auto-accepting. */
  not_seat_available: 422,
  /** Pending requests plus unanswered chats reached the driver's limit; comes as a list. */
  user_has_reach_request_limit: 422,
  /** Already accepted on a trip to the same place within ±2 hours. */
  user_has_another_similar_trip: 422,
  trip_seats_greater_than_zero: 422,
  trip_seats_less_than_four: 422,
  /** Seats cannot go below the passengers already aboard. */
  trip_invalid_seats: 422,
  /**
   * Creating a trip needs a complete profile (photo, description, document, phone). Comes as a field
   * key, not in `errors.error`: `{ message: 'Could not create new trip.', errors: { profile_required:
   * ['The user profile must be complete.'] } }` (TripsManager::create).
   */
  profile_required: 422,
  /** Creating a trip needs a verified driver when module_validated_drivers is on. */
  driver_is_verified: 422,
  subscription_exist: 422,
  reference_exist: 422,
  reference_same_user: 422,
  user_doesnt_exist: 422,
  user_have_already_voted: 422,
  user_have_already_replay: 422,
  model_not_found: 422,
  routing_service_unavailable: 422,
  /** A car that does not exist or belongs to another user. */
  car_not_found: 422,
  /** A device that does not exist or belongs to another user. */
  device_not_found: 422,
  /** The profile photo could not be read (not a base64 image data URL). */
  error_uploading_image: 422,
  /** mock: activation or password-reset token unknown or expired ('Token invalido'). */
  invalid_token: 422,
  /** mock: password reset for an e-mail that belongs to nobody. */
  user_not_found: 422,
  /** mock: search with origin and destination both outside the home country. */
  origin_destination_abroad: 422,
  /** mock: the social providers no longer log anyone in; users must contact the help desk. */
  social_login_unavailable: 422,
  /** Conversations: a conversation the caller is not a member of (admins may read any) (422). */
  user_does_not_have_access_to_conversation: 422,
  /** Conversations: sending to a conversation that is missing or not the caller's (422). */
  conversation_does_not_exist: 422,
  /** Conversations: not allowed to message that user, or the provider's bare "Bad request exceptions" (422, no code). */
  conversation_not_allowed: 422,
  /** Friends: a request, accept, reject or delete whose precondition fails; the provider sends 'Operación inválida'. */
  friend_invalid_operation: 422,
  /** Field validation failed: the body carries `errors.<field>: [...]`, not this code (422). */
  validation_failed: 422,
  /** mock: an uploaded file exceeds the size limit (413). */
  file_too_large: 413,
  /** mock: no route at this path (404). */
  not_found: 404,
  /** mock: too many client error reports in a minute (429). */
  too_many_requests: 429,
  /** mock: a registry entry whose behaviour a later issue builds (501). */
  not_implemented: 501,
  /** mock: anything unexpected; details are logged, never sent (500). */
  server_error: 500,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_CODES;

export type FieldErrors = Record<string, string[]>;

/** `{ message, errors?: { [field]: string | string[] } }`, checked by hand (ErrorBodySchema is the contract). */
function errorsOf(body: unknown): Record<string, string | string[]> | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { message, errors } = body as { message?: unknown; errors?: unknown };
  if (typeof message !== 'string') return undefined;
  if (errors === undefined) return {};
  if (typeof errors !== 'object' || errors === null || Array.isArray(errors)) return undefined;
  const valid = Object.values(errors).every(
    (value) => typeof value === 'string' || (Array.isArray(value) && value.every((item) => typeof item === 'string')),
  );
  return valid ? (errors as Record<string, string | string[]>) : undefined;
}

/** The first error code of a body, whether it came as a string or a list; undefined for field errors. */
export function errorCodeOf(body: unknown): string | undefined {
  const code = errorsOf(body)?.error;
  if (Array.isArray(code)) return code[0];
  if (typeof code === 'string') return code;
  return undefined;
}

/** Field errors of a body (everything in `errors` but `error`). */
export function fieldErrorsOf(body: unknown): FieldErrors {
  const errors = errorsOf(body);
  if (!errors) return {};
  const result: FieldErrors = {};
  for (const [field, value] of Object.entries(errors)) {
    if (field === 'error') continue;
    result[field] = Array.isArray(value) ? value : [value];
  }
  return result;
}

export function statusOfErrorCode(code: ErrorCode): number {
  return ERROR_CODES[code];
}
