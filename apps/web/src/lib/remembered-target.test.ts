import { describe, expect, it } from 'vitest';
import { REMEMBERED_TARGET_KEY, REMEMBERED_TARGET_TTL_MS, forgetTarget, recallTarget, rememberTarget } from './remembered-target';

describe('the remembered route across page loads (issue 44.4)', () => {
  it('keeps a page of the app for a day, then drops it', () => {
    const now = Date.UTC(2030, 2, 1, 15);
    rememberTarget('/trips/42', now);
    expect(recallTarget(now + REMEMBERED_TARGET_TTL_MS - 1)).toBe('/trips/42');
    expect(recallTarget(now + REMEMBERED_TARGET_TTL_MS)).toBeNull();
    expect(localStorage.getItem(REMEMBERED_TARGET_KEY)).toBeNull();
  });

  it('keeps nothing outside the app, nor the home, and drops what it cannot read', () => {
    for (const target of ['https://evil.example/x', '//evil.example', 'trips/4', '', null, '/trips']) {
      rememberTarget(target);
      expect(recallTarget()).toBeNull();
    }
    localStorage.setItem(REMEMBERED_TARGET_KEY, '{"target":"//evil.example","expires":99999999999999}');
    expect(recallTarget()).toBeNull();
    localStorage.setItem(REMEMBERED_TARGET_KEY, 'no json');
    expect(recallTarget()).toBeNull();
    expect(localStorage.getItem(REMEMBERED_TARGET_KEY)).toBeNull();
  });

  it('is forgotten on demand', () => {
    rememberTarget('/trips/42');
    expect(recallTarget()).toBe('/trips/42');
    forgetTarget();
    expect(recallTarget()).toBeNull();
  });
});
