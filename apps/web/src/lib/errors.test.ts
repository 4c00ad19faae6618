import { describe, expect, it } from 'vitest';
import { i18n, loadLocale } from './i18n';
import { ApiError, ContractError } from './api-client';
import { ERROR_MESSAGE_KEYS, errorMessageKey, loginErrorMessage } from './errors';

const apiError = (status: number, code?: string) =>
  new ApiError(status, code ? { message: code, errors: { error: code } } : { message: 'x' });

describe('errorMessageKey', () => {
  it('maps catalogue codes to their messages', () => {
    expect(errorMessageKey(apiError(422, 'not_seat_available'))).toBe('noSeatAvailable');
    expect(errorMessageKey(apiError(422, 'trip_not_foound'))).toBe('tripNotFound');
    expect(errorMessageKey(apiError(422, 'driver_is_verified'))).toBe('tienesQueSerConductor');
    expect(errorMessageKey(new ApiError(422, { message: 'x', errors: { error: ['user_has_reach_request_limit'] } }))).toBe(
      'limiteDeConsultas',
    );
  });

  it("falls back to the caller's message, then to the generic one", () => {
    expect(errorMessageKey(apiError(422, 'model_not_found'), 'errorSolicitud')).toBe('errorSolicitud');
    expect(errorMessageKey(apiError(500))).toBe('errorGenerico');
    expect(errorMessageKey(new Error('boom'))).toBe('errorGenerico');
    expect(errorMessageKey(new ContractError('trips.search', 200, {}, [], 'x'), 'problemaAlCargarElViaje')).toBe(
      'problemaAlCargarElViaje',
    );
  });

  it('names a network failure', () => {
    expect(errorMessageKey(new ApiError(0, undefined))).toBe('errorDeRed');
  });

  it('points only at keys that exist in both locales', async () => {
    await loadLocale('chl');
    for (const key of Object.values(ERROR_MESSAGE_KEYS)) {
      expect(i18n.exists(key, { lng: 'arg' }), key).toBe(true);
      expect(i18n.exists(key, { lng: 'chl' }), key).toBe(true);
    }
  });
});

describe('loginErrorMessage (spec document 2 §8, login)', () => {
  it('user_not_active is information: debeActivarCuenta', () => {
    expect(loginErrorMessage(apiError(401, 'user_not_active'))).toEqual({ key: 'debeActivarCuenta', kind: 'info' });
  });

  it('user_banned shows usuarioBanneado', () => {
    expect(loginErrorMessage(apiError(401, 'user_banned'))).toEqual({ key: 'usuarioBanneado', kind: 'error' });
  });

  it('any other failure is a wrong e-mail or password', () => {
    expect(loginErrorMessage(apiError(401, 'invalid_credentials')).key).toBe('emailOPasswordIncorrecto');
    expect(loginErrorMessage(apiError(422)).key).toBe('emailOPasswordIncorrecto');
    expect(i18n.t('emailOPasswordIncorrecto')).toBe('Email o password incorrecto.');
  });
});

describe('too many attempts (429 of login, password reset and registration)', () => {
  it('shows a clear Spanish message on login and everywhere else', async () => {
    await loadLocale('arg');
    expect(loginErrorMessage(apiError(429, 'too_many_requests'))).toEqual({ key: 'demasiadosIntentos', kind: 'error' });
    expect(errorMessageKey(apiError(429, 'too_many_requests'))).toBe('demasiadosIntentos');
    expect(i18n.t('demasiadosIntentos')).toBe('Hiciste demasiados intentos seguidos. Esperá unos minutos y volvé a probar.');
  });
});
