import { endpoints, type ProfileUpdateBody, type User } from '@carpool/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { session } from '@/lib/session';
import { userKeys } from '@/lib/query-keys';

/**
 * The profile update: POST /api/users with _method=PUT, multipart (the api client spoofs the PUT
 * of users.update, as browsers and the provider need).
 */
export const updateProfile = async (body: ProfileUpdateBody): Promise<User> => (await api.call(endpoints.users.update, { body })).data;

/** The saved user becomes the session's user and the cached profile. */
export function keepSavedUser(client: QueryClient, user: User): void {
  session.setUser(user);
  client.setQueryData(userKeys.detail('me'), user);
  client.setQueryData(userKeys.detail(user.id), user);
}

export const useUpdateProfile = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateProfile, onSuccess: (user) => keepSavedUser(client, user) });
};
