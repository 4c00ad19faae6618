import { describe, expect, it } from 'vitest';
import { afterLoginPath } from './after-login';

const complete = { id: 7, name: 'Ana', image: 'ana.jpg', description: 'Viajo seguido a Rosario.' };

describe('afterLoginPath (first-time users go to profile_update)', () => {
  it('sends a user without photo or without description to the profile, remembering the page', () => {
    expect(afterLoginPath({ ...complete, image: null }, '/my-trips')).toBe('/setting/profile?redirectTo=%2Fmy-trips');
    expect(afterLoginPath({ ...complete, description: ' ' }, null)).toBe('/setting/profile?redirectTo=%2Ftrips');
  });

  it('returns a complete profile to the remembered page', () => {
    expect(afterLoginPath(complete, '/my-trips')).toBe('/my-trips');
  });
});
