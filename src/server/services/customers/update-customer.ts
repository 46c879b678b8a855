import type { Deps } from '../../context.ts';
import { updateCustomer, type CustomerChanges, type LicenseChange } from '../../repositories/customers.ts';
import { updateUserAccount, type AccountChanges } from '../../repositories/users.ts';

/**
 * Updates a customer's record (and license) as updateCustomer does and, for a customer with a
 * login (`userId`), the same names, e-mail and phone on that login, in one transaction: the header
 * and sign-in follow the record, and a refused e-mail (DuplicateUserError) or a stale version
 * (StaleCustomerError) leaves both as they were. Undefined when the customer no longer exists;
 * `previousKey` is the license file to remove once committed.
 */
export async function updateCustomerWithAccount(
  deps: Deps,
  customer: { id: number; userId: number | null },
  changes: CustomerChanges,
  license: LicenseChange | undefined,
  expectedUpdatedAt?: string,
): Promise<{ previousKey: string | null } | undefined> {
  const account: AccountChanges = {};
  if (changes.first_name !== undefined) account.first_name = changes.first_name;
  if (changes.last_name !== undefined) account.last_name = changes.last_name;
  if (changes.email !== undefined) account.email = changes.email;
  if (changes.phone_number !== undefined) account.phone_number = changes.phone_number;
  const now = deps.now().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const result = await updateCustomer(trx, customer.id, changes, license, now, expectedUpdatedAt);
    if (result && customer.userId !== null) await updateUserAccount(trx, customer.userId, account);
    return result;
  });
}
