import type { ApiCustomer } from '#domain/api/customers';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../services/agency-scope.ts';
import { customerIdParams } from '../params.ts';
import { customerReply, loadCustomerInScope, STAFF_SIDE } from './customer-records.ts';

/** GET customers/:id/: one customer the caller may see. */
export const getCustomer = defineRoute({
  method: 'GET',
  url: 'customers/:id/',
  access: STAFF_SIDE,
  params: customerIdParams,
  async handler({ deps, user, params }): Promise<ApiCustomer> {
    await loadCustomerInScope(deps, user, params.id);
    return customerReply(deps, params.id, agencyScope(user));
  },
});
