import { describe, expect, it } from 'vitest';
import { makeNewUser, makeUser } from '@/testing/user-fixtures';
import { shouldShowOnboarding } from './onboarding';

const on = { module_on_boarding_new_user: true };
const newcomer = { token: 't', user: makeNewUser(), firstTime: { loaded: true } };

describe('shouldShowOnboarding', () => {
  it('shows for a new user on a first open, with the module on', () => {
    expect(shouldShowOnboarding(on, newcomer)).toBe(true);
  });

  it('not with the module off, once seen here or on the server, or without a session', () => {
    expect(shouldShowOnboarding({ module_on_boarding_new_user: false }, newcomer)).toBe(false);
    expect(shouldShowOnboarding(on, { ...newcomer, firstTime: { loaded: true, onboarded: true } })).toBe(false);
    expect(shouldShowOnboarding(on, { ...newcomer, user: makeUser({ on_boarding_view: 1 }) })).toBe(false);
    expect(shouldShowOnboarding(on, { token: null, user: null, firstTime: null })).toBe(false);
  });
});
