import { STAFF_ROLES } from '#domain/constants';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../http/scope.ts';
import { listStaffVehicles } from '../../repositories/vehicles.ts';
import { paged } from '../params.ts';
import { pageQuery } from './page-query.ts';

/** GET staff-vehicles/: the caller's fleet (every agency's for staff), by make, model and id. */
export const listStaffVehiclesRoute = defineRoute({
  method: 'GET',
  url: 'staff-vehicles/',
  access: STAFF_ROLES,
  query: pageQuery,
  async handler({ deps, user, query, reply }) {
    return paged(reply, await listStaffVehicles(deps.db, deps.media, agencyScope(user), query));
  },
});
