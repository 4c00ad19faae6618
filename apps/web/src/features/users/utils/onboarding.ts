import type { AppConfig } from '@carpool/contracts';
import { isLoggedIn, type SessionState } from '@/lib/session';
import { isFlagSet } from '@/lib/trip-display';

/** The four cards in order: what the app does, search, publish, rate and community. */
export const ONBOARDING_CARDS = ['welcome', 'search', 'publish', 'community'] as const;

/**
 * Spec: the carousel shows on the first open, with module_on_boarding_new_user. It is the new
 * user's introduction: shown to a logged-in user who has not seen it (on_boarding_view, kept by the
 * server across browsers) on a browser whose FIRST_TIME_APP record lacks `onboarded`.
 */
export function shouldShowOnboarding(
  config: Pick<AppConfig, 'module_on_boarding_new_user'>,
  state: Pick<SessionState, 'token' | 'user' | 'firstTime'>,
): boolean {
  if (!config.module_on_boarding_new_user || !isLoggedIn(state) || !state.user) return false;
  if (state.firstTime?.onboarded) return false;
  return !isFlagSet(state.user.on_boarding_view as boolean | 0 | 1 | null | undefined);
}
