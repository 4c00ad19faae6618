import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths, withRedirect } from '@/config/paths';
import { isProfileComplete, useSession } from './session';

/**
 * The profile-complete guard of spec document 1 §2 applied to actions (requesting a seat,
 * messaging): without a photo and a description the user goes to profile_update, and the current
 * page is remembered. Answers whether the action may go on.
 */
export function useProfileGuard(): () => boolean {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { user } = useSession();
  return useCallback(() => {
    if (isProfileComplete(user)) return true;
    void navigate(withRedirect(paths.profileUpdate, pathname + search));
    return false;
  }, [navigate, pathname, search, user]);
}
