import { useMutation } from '@tanstack/react-query';
import type { MessageReply } from '#domain/api/session';
import type { PasswordResetRequestInput } from '#domain/schemas/accounts';
import { api } from '../../../lib/api-client.ts';

/** POST password_reset/: the server answers the same whether or not the address has an account. */
export function requestPasswordReset(input: PasswordResetRequestInput): Promise<MessageReply> {
  return api.post<MessageReply>('password_reset/', input);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
