import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface PasswordResetRequest {
  email: string;
}

/** POST password_reset/: the server answers the same whether or not the address has an account. */
export function requestPasswordReset(input: PasswordResetRequest): Promise<{ message: string }> {
  return api.post<{ message: string }>('password_reset/', input);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
