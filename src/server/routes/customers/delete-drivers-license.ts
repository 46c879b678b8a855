import type { ApiCustomer } from '#domain/api/customers';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../services/agency-scope.ts';
import { customerIdParams } from '../params.ts';
import { customerReply, loadCustomerInScope, saveCustomerChanges, STAFF_SIDE } from './customer-records.ts';

/** DELETE customers/:id/delete_drivers_license/: removes the license; none on file is fine too. */
export const deleteDriversLicense = defineRoute({
  method: 'DELETE',
  url: 'customers/:id/delete_drivers_license/',
  access: STAFF_SIDE,
  params: customerIdParams,
  status: 200,
  async handler({ deps, user, params, request }): Promise<ApiCustomer> {
    const customer = await loadCustomerInScope(deps, user, params.id);
    if (customer.drivers_license_key !== null) await saveCustomerChanges(deps, request.log, params.id, {}, null);
    return customerReply(deps, params.id, agencyScope(user));
  },
});
