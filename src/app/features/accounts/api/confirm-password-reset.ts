import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface PasswordResetConfirm {
  password: string;
  token: string;
}

/** POST password_reset/confirm/: sets the new password with the e-mailed link's single-use token. */
export function confirmPasswordReset(input: PasswordResetConfirm): Promise<{ message: string }> {
  return api.post<{ message: string }>('password_reset/confirm/', input);
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
