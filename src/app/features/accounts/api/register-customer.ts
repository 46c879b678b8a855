import { useMutation } from '@tanstack/react-query';
import type { RegisterCustomerReply } from '#domain/api/session';
import type { CustomerRegistrationInput } from '#domain/schemas/accounts';
import { api } from '../../../lib/api-client.ts';

/** POST register/customer/: a visitor becomes a customer. It does not sign them in. */
export function registerCustomer(input: CustomerRegistrationInput): Promise<RegisterCustomerReply> {
  return api.post<RegisterCustomerReply>('register/customer/', input);
}

export function useRegisterCustomer() {
  return useMutation({ mutationFn: registerCustomer });
}
