import { paths, safeRedirect, withRedirect } from '@/config/paths';
import { isProfileComplete, type SessionUser } from '@/lib/session';

/**
 * After login (spec document 1 §2): first-time users, whose profile still lacks the photo or the
 * description (a profile never updated has neither), set it up first; the others return to the
 * remembered page. The remembered page stays in the query for after the profile is saved.
 */
export function afterLoginPath(user: SessionUser, remembered: string | null): string {
  const target = safeRedirect(remembered);
  return isProfileComplete(user) ? target : withRedirect(paths.profileUpdate, target);
}
