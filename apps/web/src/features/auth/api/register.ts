import { endpoints, type RegistrationBody, type User } from '@carpool/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/users (multipart): the new account, inactive until the e-mailed link is opened. */
export const register = async (body: RegistrationBody): Promise<User> =>
  (await api.call(endpoints.users.register, { body })).data;

export const useRegister = () => useMutation({ mutationFn: register });
