import type { Deps } from '../../context.ts';
import {
  CustomerChangedError,
  customerHasBookings,
  deleteCustomerRequests,
  deleteCustomerWithoutBookings,
  findCustomerForDelete,
} from '../../repositories/customers.ts';

export type DeleteCustomerOutcome = 'deleted' | 'not-found' | 'has-bookings' | 'has-account';

/**
 * Deletes a customer with their booking requests, unless they have bookings or their own login,
 * in one transaction. The refusal is checked again by the delete itself (CustomerChangedError,
 * nothing written) so a booking made meanwhile is never cascaded away. Returns the license key
 * to remove from the store after commit.
 */
export async function deleteCustomer(
  deps: Deps,
  id: number,
): Promise<{ outcome: DeleteCustomerOutcome; licenseKey: string | null }> {
  return deps.db.transaction().execute(async (trx) => {
    const customer = await findCustomerForDelete(trx, id);
    if (!customer) return { outcome: 'not-found', licenseKey: null };
    if (customer.user_id !== null) return { outcome: 'has-account', licenseKey: null };
    if (await customerHasBookings(trx, id)) return { outcome: 'has-bookings', licenseKey: null };
    await deleteCustomerRequests(trx, id);
    if (!(await deleteCustomerWithoutBookings(trx, id))) throw new CustomerChangedError();
    return { outcome: 'deleted', licenseKey: customer.drivers_license_key };
  });
}
