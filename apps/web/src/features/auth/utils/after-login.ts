import { paths, safeRedirect, withRedirect } from '@/config/paths';
import { isProfileComplete, type SessionUser } from '@/lib/session';
import { recallTarget } from '@/lib/remembered-target';

/**
 * After login (spec document 1 §2): first-time users, whose profile still lacks the photo or the
 * description (a profile never updated has neither), set it up first; the others return to the
 * remembered page. The remembered page stays in the query for after the profile is saved.
 */
export function afterLoginPath(user: SessionUser, remembered: string | null): string {
  const target = safeRedirect(remembered);
  return isProfileComplete(user) ? target : withRedirect(paths.profileUpdate, target);
}

/**
 * The remembered page: the query parameter when this page has it, else the one kept across page
 * loads (a guest who registered and came back through the activation link, issue 44.4).
 */
export function rememberedTarget(param: string | null): string | null {
  return param ? param : recallTarget();
}
