import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailConfirmationSent, EmailConfirmationStatus } from '#domain/api/email-confirmation';
import { api } from '../../../lib/api-client.ts';

/** The confirmation page (accounts/api/confirm-email) invalidates this key too. */
const EMAIL_CONFIRMATION_KEY = ['email-confirmation'] as const;

/** GET email-confirmation/: whether the customer's address is confirmed, and how many requests wait for it. */
export const emailConfirmationQueryOptions = () =>
  queryOptions({
    queryKey: EMAIL_CONFIRMATION_KEY,
    queryFn: ({ signal }) => api.get<EmailConfirmationStatus>('email-confirmation/', signal),
  });

export function useEmailConfirmationStatus() {
  return useQuery({ ...emailConfirmationQueryOptions(), refetchOnMount: 'always' });
}

/** POST email-confirmation/: "Send the link again" (three links an hour at most, the server says so). */
export function useResendConfirmationLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<EmailConfirmationSent>('email-confirmation/'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: EMAIL_CONFIRMATION_KEY }),
  });
}
