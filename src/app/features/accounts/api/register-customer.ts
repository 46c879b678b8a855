import { useMutation } from '@tanstack/react-query';
import type { CustomerRegistrationInput } from '#domain/schemas/accounts';
import { api } from '../../../lib/api-client.ts';

export interface RegisterCustomerReply {
  message: string;
  id: number;
}

/** POST register/customer/: a visitor becomes a customer. It does not sign them in. */
export function registerCustomer(input: CustomerRegistrationInput): Promise<RegisterCustomerReply> {
  return api.post<RegisterCustomerReply>('register/customer/', input);
}

export function useRegisterCustomer() {
  return useMutation({ mutationFn: registerCustomer });
}
