import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '#domain/api/session';
import type { OwnProfileInput } from '#domain/schemas/accounts';
import { api } from '../../../lib/api-client.ts';
import { sessionQueryOptions } from '../../session/index.ts';

/**
 * PATCH auth/me/: a staff-side user's own names, e-mail and phone. Sent at once, online only: the
 * form keeps what was typed when there is no connection. The reply is the session's new copy.
 */
export function useUpdateOwnProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: Partial<OwnProfileInput>) => api.patch<SessionUser>('auth/me/', changes),
    onSuccess: (user) => queryClient.setQueryData(sessionQueryOptions().queryKey, user),
  });
}
