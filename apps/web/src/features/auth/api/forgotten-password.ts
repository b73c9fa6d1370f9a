import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /api/auth/customer/forgotten-password: the same answer whether or not an account matches. */
export const requestPasswordReset = async (emailOrReference: string) =>
  (await api.post<null>('/api/auth/customer/forgotten-password', { emailOrReference })).message;

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset, meta: { toastErrors: false } });
