import { describe, expect, it } from 'vitest';
import { PROFILE_TAB_KEY, parseProfileTab, rememberProfileTab, rememberedProfileTab } from './profile-tab';

describe('profile tab', () => {
  it('defaults to index 1 (Perfil) and remembers the chosen one', () => {
    expect(rememberedProfileTab()).toBe('profile');
    rememberProfileTab('ratings');
    expect(localStorage.getItem(PROFILE_TAB_KEY)).toBe('2');
    expect(rememberedProfileTab()).toBe('ratings');
  });

  it('reads indexes and names, nothing else', () => {
    expect(parseProfileTab('0')).toBe('trips');
    expect(parseProfileTab('ratings')).toBe('ratings');
    expect(parseProfileTab('7')).toBeNull();
    expect(parseProfileTab('x')).toBeNull();
    expect(parseProfileTab(null)).toBeNull();
  });
});
