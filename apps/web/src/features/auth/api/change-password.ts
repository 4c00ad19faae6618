import { endpoints, type ChangePasswordBody } from '@carpool/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type ChangePasswordInput = ChangePasswordBody & { token: string };

/** POST /api/change-password/{token}: the new password; the token is used up. */
export const changePassword = async ({ token, ...body }: ChangePasswordInput): Promise<void> => {
  await api.call(endpoints.auth.changePassword, { params: { token }, body });
};

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
