import { customerRegistrationSchema } from '#domain/schemas/accounts';
import { defineRoute } from '../../http/route.ts';
import { createCustomerAccount, takenUserFields } from '../../repositories/users.ts';
import { hashPassword } from '../../services/passwords.ts';
import { duplicateUser, withDuplicateCheck } from './duplicate-user.ts';

/** A visitor becomes a customer: their login and customer record. Does not sign them in. */
export const registerCustomer = defineRoute({
  method: 'POST',
  url: 'register/customer/',
  access: 'public',
  body: customerRegistrationSchema,
  async handler({ deps, body }) {
    const taken = await takenUserFields(deps.db, body);
    if (taken.length) throw duplicateUser(taken);
    const passwordHash = await hashPassword(body.password);
    const id = await withDuplicateCheck(() =>
      createCustomerAccount(
        deps.db,
        {
          username: body.username,
          email: body.email,
          passwordHash,
          first_name: body.first_name,
          last_name: body.last_name,
          phone_number: body.phone_number,
        },
        deps.now().toISOString(),
      ),
    );
    return { message: 'User registered successfully!', id };
  },
});
