import type { VehicleCategoryView } from '#domain/api/rate-plan';
import { defineRoute } from '../../http/route.ts';
import { listCategories } from '../../repositories/vehicle-categories.ts';
import { planAgency } from '../../services/rate-plan.ts';
import { paged, pagingQuery } from '../params.ts';

/** GET vehicle-categories/: the caller's agency's categories by name, with their in-service vehicle counts. */
export const listVehicleCategoriesRoute = defineRoute({
  method: 'GET',
  url: 'vehicle-categories/',
  access: ['agency', 'agent'],
  query: pagingQuery(100, 500),
  async handler({ deps, user, query, reply }): Promise<VehicleCategoryView[]> {
    return paged(reply, await listCategories(deps.db, planAgency(user), query));
  },
});
