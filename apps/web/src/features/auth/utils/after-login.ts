import { paths, safeRedirect, withRedirect } from '@/config/paths';
import { isFirstTimeUser, type SessionUser } from '@/lib/session';

/** After login: first-time users set up their profile, the others return to the remembered page. */
export function afterLoginPath(user: SessionUser, remembered: string | null): string {
  const target = safeRedirect(remembered);
  return isFirstTimeUser(user) ? withRedirect(paths.profileUpdate, target) : target;
}
