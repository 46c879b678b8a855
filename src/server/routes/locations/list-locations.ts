import type { PickupLocation } from '#domain/api/locations';
import { STAFF_ROLES } from '#domain/constants';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../services/agency-scope.ts';
import { listManagedLocations } from '../../repositories/locations.ts';
import { paged, pagingQuery } from '../params.ts';

/** GET locations/: the pickup locations an agency manages (the operator: every agency's), with vehicle counts. */
export const listLocationsRoute = defineRoute({
  method: 'GET',
  url: 'locations/',
  access: STAFF_ROLES,
  query: pagingQuery(100, 500),
  async handler({ deps, user, query, reply }): Promise<PickupLocation[]> {
    return paged(reply, await listManagedLocations(deps.db, agencyScope(user), query));
  },
});
