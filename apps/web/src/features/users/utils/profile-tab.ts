/** Profile tabs in the spec's order; the default is index 1 (Perfil). */
export const PROFILE_TABS = ['trips', 'profile', 'ratings'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];
export const DEFAULT_PROFILE_TAB: ProfileTab = PROFILE_TABS[1];

/** The tab chosen on one's own profile is remembered (spec document 1 §2 Profile). */
export const PROFILE_TAB_KEY = 'carpool.profileTab';

const area = (): Storage | undefined => {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
};

/** A tab from its index or name ('1', 'ratings'), or null. */
export function parseProfileTab(value: string | null | undefined): ProfileTab | null {
  if (value === null || value === undefined || value === '') return null;
  if (/^\d$/.test(value)) return PROFILE_TABS[Number(value)] ?? null;
  return (PROFILE_TABS as readonly string[]).includes(value) ? (value as ProfileTab) : null;
}

export function rememberedProfileTab(): ProfileTab {
  return parseProfileTab(area()?.getItem(PROFILE_TAB_KEY)) ?? DEFAULT_PROFILE_TAB;
}

export function rememberProfileTab(tab: ProfileTab): void {
  area()?.setItem(PROFILE_TAB_KEY, String(PROFILE_TABS.indexOf(tab)));
}
