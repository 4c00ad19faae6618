import { endpoints, type LoginBody, type TokenAnswer } from '@carpool/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { configKeys, storeAppConfig } from '@/lib/app-config';
import { queryClient } from '@/lib/query-client';
import { session, type SessionUser } from '@/lib/session';
import { storage } from '@/lib/storage';

export const login = (body: LoginBody): Promise<TokenAnswer> => api.call(endpoints.auth.login, { body });

export type LoginInput = LoginBody & { remember: boolean };

/**
 * Spec: login stores the token, fetches the user, then the user's data loads (the queries refetch).
 * Activation answers a token as well and starts the session the same way.
 */
export async function startSession(answer: TokenAnswer, remember = true): Promise<SessionUser> {
  storage.setRemember(remember);
  session.setToken(answer.token);
  storeAppConfig(queryClient, answer.config);
  try {
    const user = await session.loadUser();
    // Lists depend on the viewer (visibility): start them again with the token.
    await queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== configKeys.all[0] });
    return user;
  } catch (error) {
    session.clear('logout');
    throw error;
  }
}

async function loginAndLoadUser({ remember, ...body }: LoginInput): Promise<SessionUser> {
  return startSession(await login(body), remember);
}

export const useLogin = ({ onSuccess }: { onSuccess?: (user: SessionUser) => void } = {}) =>
  useMutation({ mutationFn: loginAndLoadUser, onSuccess });
