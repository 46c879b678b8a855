import type { CustomerAnalyticsOverview } from '#domain/api/customer-analytics';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../services/agency-scope.ts';
import { customerAnalyticsOverview } from '../../repositories/customer-insights.ts';
import { STAFF_SIDE } from './customer-records.ts';

/**
 * GET customer-analytics/: the figures of /customers/analytics. Agency users get their agency's
 * customers, bookings and requests only; the operator gets every agency's.
 */
export const getCustomersOverview = defineRoute({
  method: 'GET',
  url: 'customer-analytics/',
  access: STAFF_SIDE,
  async handler({ deps, user, reply }): Promise<CustomerAnalyticsOverview> {
    // Business figures of one agency: never kept by a shared cache, nor by the browser's HTTP cache.
    reply.header('Cache-Control', 'private, no-store');
    return customerAnalyticsOverview(deps.db, deps.dialect, agencyScope(user), deps.now());
  },
});
