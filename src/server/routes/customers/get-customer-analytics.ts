import type { CustomerAnalytics } from '#domain/api/customers';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../services/agency-scope.ts';
import { customerAnalytics } from '../../repositories/customers.ts';
import { customerIdParams } from '../params.ts';
import { loadCustomerInScope, STAFF_SIDE } from './customer-records.ts';

/** GET customers/:id/analytics/: booking totals; an agency only counts its own bookings. */
export const getCustomerAnalytics = defineRoute({
  method: 'GET',
  url: 'customers/:id/analytics/',
  access: STAFF_SIDE,
  params: customerIdParams,
  async handler({ deps, user, params }): Promise<CustomerAnalytics> {
    await loadCustomerInScope(deps, user, params.id);
    return customerAnalytics(deps.db, params.id, agencyScope(user));
  },
});
