import { STAFF_ROLES } from '#domain/constants';
import { unavailabilityIdParams } from '#domain/schemas/unavailability';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../services/agency-scope.ts';
import { deletePeriod, findPeriod } from '../../repositories/unavailability.ts';
import { periodNotFound } from '../../services/unavailability.ts';

/** DELETE unavailability/:id/: the vehicle is rentable again on those days. */
export const deleteUnavailabilityRoute = defineRoute({
  method: 'DELETE',
  url: 'unavailability/:id/',
  access: STAFF_ROLES,
  params: unavailabilityIdParams,
  async handler({ deps, user, params }): Promise<undefined> {
    if (!(await findPeriod(deps.db, params.id, agencyScope(user)))) throw periodNotFound();
    await deletePeriod(deps.db, params.id);
    return undefined;
  },
});
