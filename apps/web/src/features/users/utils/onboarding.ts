import type { AppConfig } from '@carpool/contracts';
import { isLoggedIn, type SessionState } from '@/lib/session';
import { isFlagSet } from '@/lib/trip-display';

/** The four cards in order: what the app does, search, publish, rate and community. */
export const ONBOARDING_CARDS = ['welcome', 'search', 'publish', 'community'] as const;

/**
 * Spec document 1 §4 Onboarding: shown on the first open, with module_on_boarding_new_user, to every
 * first-time visitor, guests included. This browser's FIRST_TIME_APP record marks it done
 * (`onboarded`); a logged-in user who saw it on another browser (on_boarding_view, kept by the
 * server) is not shown it again, and one whose user is still loading waits for it.
 */
export function shouldShowOnboarding(
  config: Pick<AppConfig, 'module_on_boarding_new_user'>,
  state: Pick<SessionState, 'token' | 'user' | 'firstTime'>,
): boolean {
  if (!config.module_on_boarding_new_user || state.firstTime?.onboarded) return false;
  if (!isLoggedIn(state)) return true;
  return Boolean(state.user) && !isFlagSet(state.user!.on_boarding_view as boolean | 0 | 1 | null | undefined);
}
