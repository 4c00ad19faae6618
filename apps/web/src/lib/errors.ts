import type { ErrorCode } from '@carpool/contracts';
import { ApiError, ContractError } from './api-client';

/** Error code → i18n key (spec document 2 §8). Context-specific fallbacks are passed by the caller. */
export const ERROR_MESSAGE_KEYS: Partial<Record<ErrorCode, string>> = {
  invalid_credentials: 'emailOPasswordIncorrecto',
  user_not_active: 'debeActivarCuenta',
  user_banned: 'usuarioBanneado',
  banned: 'usuarioBanneado',
  token_expired: 'sesionExpirada',
  token_invalid: 'sesionExpirada',
  token_not_provided: 'sesionExpirada',
  trip_not_foound: 'tripNotFound',
  not_seat_available: 'noSeatAvailable',
  user_has_reach_request_limit: 'limiteDeConsultas',
  user_has_another_similar_trip: 'viajeSimilar',
  trip_seats_greater_than_zero: 'asientosMayorACero',
  trip_seats_less_than_four: 'asientosMenorACuatro',
  trip_invalid_seats: 'asientosInvalidos',
  driver_is_verified: 'tienesQueSerConductor',
  subscription_exist: 'yaTienesSubscripcion',
  reference_exist: 'referenceExist',
  reference_same_user: 'referenceSameUser',
  user_doesnt_exist: 'userDoesntExist',
  invalid_token: 'tokenInvalido',
  user_not_found: 'emailNoPerteneceUsuario',
  origin_destination_abroad: 'origenDestinoExterior',
  social_login_unavailable: 'socialLoginNoDisponible',
  too_many_requests: 'demasiadosIntentos',
};

export const DEFAULT_ERROR_KEY = 'errorGenerico';

/** The i18n key for a failed call; `fallback` covers codes with no message of their own. */
export function errorMessageKey(error: unknown, fallback: string = DEFAULT_ERROR_KEY): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return 'errorDeRed';
    const key = error.code ? ERROR_MESSAGE_KEYS[error.code as ErrorCode] : undefined;
    return key ?? fallback;
  }
  if (error instanceof ContractError) return fallback;
  return fallback;
}

export type LoginErrorMessage = { key: string; kind: 'info' | 'error' };

/** Login (spec document 1 §4 Login): inactive → info, banned → its message, anything else → wrong credentials. */
export function loginErrorMessage(error: unknown): LoginErrorMessage {
  const code = error instanceof ApiError ? error.code : undefined;
  if (code === 'user_not_active') return { key: 'debeActivarCuenta', kind: 'info' };
  if (code === 'user_banned' || code === 'banned') return { key: 'usuarioBanneado', kind: 'error' };
  if (code === 'too_many_requests') return { key: 'demasiadosIntentos', kind: 'error' };
  if (error instanceof ApiError && error.status === 0) return { key: 'errorDeRed', kind: 'error' };
  return { key: 'emailOPasswordIncorrecto', kind: 'error' };
}
