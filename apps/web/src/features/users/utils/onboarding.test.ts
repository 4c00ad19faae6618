import { describe, expect, it } from 'vitest';
import { makeNewUser, makeUser } from '@/testing/user-fixtures';
import { shouldShowOnboarding } from './onboarding';

const on = { module_on_boarding_new_user: true };
const newcomer = { token: 't', user: makeNewUser(), firstTime: { loaded: true } };

describe('shouldShowOnboarding', () => {
  it('shows for a new user on a first open, with the module on', () => {
    expect(shouldShowOnboarding(on, newcomer)).toBe(true);
  });

  it('shows for a first-time guest too, on a browser with or without a FIRST_TIME_APP record', () => {
    expect(shouldShowOnboarding(on, { token: null, user: null, firstTime: null })).toBe(true);
    expect(shouldShowOnboarding(on, { token: null, user: null, firstTime: { loaded: true } })).toBe(true);
  });

  it('not with the module off, once seen here or on the server, or while the user is still loading', () => {
    expect(shouldShowOnboarding({ module_on_boarding_new_user: false }, newcomer)).toBe(false);
    expect(shouldShowOnboarding({ module_on_boarding_new_user: false }, { token: null, user: null, firstTime: null })).toBe(false);
    expect(shouldShowOnboarding(on, { ...newcomer, firstTime: { loaded: true, onboarded: true } })).toBe(false);
    expect(shouldShowOnboarding(on, { token: null, user: null, firstTime: { onboarded: true } })).toBe(false);
    expect(shouldShowOnboarding(on, { ...newcomer, user: makeUser({ on_boarding_view: 1 }) })).toBe(false);
    expect(shouldShowOnboarding(on, { ...newcomer, user: null })).toBe(false);
  });
});
