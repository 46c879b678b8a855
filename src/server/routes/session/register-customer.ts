import { customerRegistrationSchema } from '#domain/schemas/accounts';
import { defineRoute } from '../../http/route.ts';
import { createCustomerAccount } from '../../repositories/users.ts';
import { limitAnonymousWrite } from '../../services/rate-limits.ts';
import { signUp } from './sign-up.ts';

/** A visitor becomes a customer: their login and customer record. Does not sign them in. */
export const registerCustomer = defineRoute({
  method: 'POST',
  url: 'register/customer/',
  access: 'public',
  body: customerRegistrationSchema,
  async handler({ deps, request, body }) {
    await limitAnonymousWrite(deps, 'sign-ups', { address: request.ip, email: body.email });
    const id = await signUp(deps, body, (account) => createCustomerAccount(deps.db, account, deps.now().toISOString()));
    return { message: 'User registered successfully!', id };
  },
});
