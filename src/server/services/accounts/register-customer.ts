import type { Deps } from '../../context.ts';
import { contactOnlyCustomer } from '../../repositories/contact-customer.ts';
import { insertCustomer } from '../../repositories/customers.ts';
import { insertUser } from '../../repositories/users.ts';
import { signUp, type SignUpFields } from './sign-up.ts';

/**
 * A visitor becomes a customer: the login and its customer record, together or not at all.
 * A taken username or e-mail is Invalid. Returns the new user's id.
 */
export async function signUpCustomer(deps: Deps, fields: SignUpFields): Promise<number> {
  return signUp(deps, fields, (account) => {
    const now = deps.now().toISOString();
    return deps.db.transaction().execute(async (trx) => {
      const userId = await insertUser(trx, account, 'customer', null, now);
      await insertCustomer(trx, contactOnlyCustomer(account, { user_id: userId, agency_id: null }, now));
      return userId;
    });
  });
}
