import { notFound } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../http/scope.ts';
import { updateCustomer } from '../../repositories/customers.ts';
import { CUSTOMER_NOT_FOUND, customerIdParams, customerReply, loadCustomerInScope, STAFF_SIDE } from './common.ts';

/** DELETE customers/:id/delete_drivers_license/: removes the licence; none on file is fine too. */
export const deleteDriversLicense = defineRoute({
  method: 'DELETE',
  url: 'customers/:id/delete_drivers_license/',
  access: STAFF_SIDE,
  params: customerIdParams,
  status: 200,
  async handler({ deps, user, params }) {
    const customer = await loadCustomerInScope(deps, user, params.id);
    if (customer.drivers_license_key !== null) {
      const result = await updateCustomer(deps.db, params.id, {}, null, deps.now().toISOString());
      if (!result) throw notFound(CUSTOMER_NOT_FOUND);
      if (result.previousKey) await deps.media.removePrivate(result.previousKey);
    }
    return customerReply(deps, params.id, agencyScope(user));
  },
});
