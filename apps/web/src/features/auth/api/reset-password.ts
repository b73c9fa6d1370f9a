import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /api/auth/customer/reset-password: the emailed link's token and the new password (every session ends). */
export const resetPassword = async (input: { token: string; password: string }) =>
  (await api.post<null>('/api/auth/customer/reset-password', input)).message;

export const useResetPassword = () => useMutation({ mutationFn: resetPassword, meta: { toastErrors: false } });
