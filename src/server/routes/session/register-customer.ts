import type { RegisterCustomerReply } from '#domain/api/session';
import { customerRegistrationSchema } from '#domain/schemas/accounts';
import { defineRoute } from '../../http/route.ts';
import { signUpCustomer } from '../../services/accounts/register-customer.ts';
import { limitAnonymousWrite } from '../../services/rate-limits.ts';
import { offerEmailConfirmation } from './email-confirmation.ts';

/**
 * A visitor becomes a customer: their login and customer record. Does not sign them in. When
 * requests they sent as a visitor wait for this address, it is sent a link to confirm it (the
 * reply is the same either way).
 */
export const registerCustomer = defineRoute({
  method: 'POST',
  url: 'register/customer/',
  access: 'public',
  body: customerRegistrationSchema,
  async handler({ deps, request, body }): Promise<RegisterCustomerReply> {
    await limitAnonymousWrite(deps, 'sign-ups', { address: request.ip, email: body.email });
    const id = await signUpCustomer(deps, body);
    await offerEmailConfirmation(deps, id, request.log);
    return { message: 'User registered successfully!', id };
  },
});
