import { PAGE_SIZES, endpoints, type AdminUserUpdateBody, type User } from '@carpool/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './query-keys';

/** GET /api/users/search: the 3 suggestions of the admin screen. */
export const searchUsers = async (name: string, signal?: AbortSignal): Promise<User[]> =>
  (await api.call(endpoints.users.search, { query: { name }, signal })).data.slice(0, PAGE_SIZES.adminUserSuggestions);

/** Dispatched only for an admin and a non-blank text (spec document 2: only when the user is admin). */
export const useUserSearch = (name: string, enabled: boolean) =>
  useQuery({
    queryKey: adminKeys.userSearch(name),
    queryFn: ({ signal }) => searchUsers(name, signal),
    enabled: enabled && name.trim().length > 0,
    placeholderData: keepPreviousData,
  });

/** PUT /api/users/modify. */
export const modifyUser = async (body: AdminUserUpdateBody): Promise<User> => (await api.call(endpoints.users.adminUpdate, { body })).data;

export const useModifyUser = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: modifyUser,
    onSuccess: () => {
      // The user's profile, suggestions and trips (a ban hides them) may all have changed.
      void client.invalidateQueries();
    },
  });
};
