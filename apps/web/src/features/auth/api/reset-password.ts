import { endpoints } from '@carpool/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/reset-password: e-mails a link to /reset-password/{token}. */
export const requestPasswordReset = async (email: string): Promise<void> => {
  await api.call(endpoints.auth.resetPassword, { body: { email } });
};

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
