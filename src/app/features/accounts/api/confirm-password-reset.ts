import { useMutation } from '@tanstack/react-query';
import type { MessageReply } from '#domain/api/session';
import type { PasswordResetConfirmInput } from '#domain/schemas/accounts';
import { api } from '../../../lib/api-client.ts';

/** POST password_reset/confirm/: sets the new password with the e-mailed link's single-use token. */
export function confirmPasswordReset(input: PasswordResetConfirmInput): Promise<MessageReply> {
  return api.post<MessageReply>('password_reset/confirm/', input);
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
