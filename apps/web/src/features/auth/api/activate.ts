import { endpoints } from '@carpool/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { SessionUser } from '@/lib/session';
import { startSession } from './login';

/** POST /api/activate/{token}: the answer carries a token, so the new user is logged in at once. */
export async function activateAccount(token: string): Promise<SessionUser> {
  const answer = await api.call(endpoints.auth.activate, { params: { token } });
  return startSession(answer);
}

export const useActivateAccount = () => useMutation({ mutationFn: activateAccount });
