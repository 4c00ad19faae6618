import { describe, expect, it } from 'vitest';
import { rememberTarget } from '@/lib/remembered-target';
import { afterLoginPath, rememberedTarget } from './after-login';

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

describe('rememberedTarget (issue 44.4)', () => {
  it('takes the query parameter, else the page kept across page loads', () => {
    expect(rememberedTarget(null)).toBeNull();
    rememberTarget('/trips/42');
    expect(rememberedTarget('/my-trips')).toBe('/my-trips');
    expect(rememberedTarget(null)).toBe('/trips/42');
  });
});
