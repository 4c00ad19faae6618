import { useCallback, type MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths, withRedirect } from '@/config/paths';
import { isProfileComplete, useSession } from './session';

/**
 * The profile-complete guard of spec document 1 §2 applied to actions (requesting a seat,
 * messaging): without a photo and a description the user goes to profile_update, and the target
 * is remembered (the current page unless another is given, e.g. the chat being opened). Answers
 * whether the action may go on.
 */
export function useProfileGuard(): (target?: string) => boolean {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { user } = useSession();
  return useCallback(
    (target?: string) => {
      if (isProfileComplete(user)) return true;
      void navigate(withRedirect(paths.profileUpdate, target ?? pathname + search));
      return false;
    },
    [navigate, pathname, search, user],
  );
}

/**
 * The same guard for a link (`<Link to={to} onClick={guardLink(to)}>`, e.g. every "Enviar mensaje"
 * link): an incomplete profile goes to profile_update instead, remembering the link's target.
 */
export function useProfileGuardedLink(): (to: string) => (event: MouseEvent) => void {
  const guard = useProfileGuard();
  return useCallback(
    (to: string) => (event: MouseEvent) => {
      if (!guard(to)) event.preventDefault();
    },
    [guard],
  );
}
