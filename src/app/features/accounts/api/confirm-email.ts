import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailConfirmed } from '#domain/api/email-confirmation';
import { api } from '../../../lib/api-client.ts';

/**
 * What a confirmation changes on this device: the customer's request lists (the key every
 * booking-request list starts with, see booking-requests/api/booking-requests-key) and the
 * dashboard's notice of requests waiting for the address.
 */
const CHANGED_KEYS = [['booking-requests'], ['email-confirmation']] as const;

/** POST email-confirmation/confirm/: the e-mailed link's token confirms the address and attaches the requests. */
export function confirmEmail(token: string): Promise<EmailConfirmed> {
  return api.post<EmailConfirmed>('email-confirmation/confirm/', { token });
}

export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmail,
    onSuccess: () =>
      Promise.all(CHANGED_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] }))),
  });
}
