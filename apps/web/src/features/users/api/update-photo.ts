import { endpoints, type User } from '@carpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { keepSavedUser } from './update-profile';

/** PUT /api/users/photo: the photo as a base64 data URL in `profile` (JSON, as the provider reads it). */
export const updatePhoto = async (dataUrl: string): Promise<User> =>
  (await api.call(endpoints.users.updatePhoto, { body: { profile: dataUrl } })).data;

export const useUpdatePhoto = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: updatePhoto, onSuccess: (user) => keepSavedUser(client, user) });
};
