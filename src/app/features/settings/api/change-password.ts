import { useMutation } from '@tanstack/react-query';
import type { MessageReply } from '#domain/api/session';
import type { PasswordChangeInput } from '#domain/schemas/accounts';
import { api } from '../../../lib/api-client.ts';

/**
 * POST auth/password/. Never through the outbox: a password must not wait in IndexedDB. The
 * server ends the user's other sessions and renews this one's cookies.
 */
export function changePassword(input: PasswordChangeInput): Promise<MessageReply> {
  return api.post<MessageReply>('auth/password/', input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
