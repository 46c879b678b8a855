import { STAFF_ROLES } from '#domain/constants';
import { maintenanceIdParams } from '#domain/schemas/maintenance';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../services/agency-scope.ts';
import { deleteRecord, findRecord } from '../../repositories/maintenance.ts';
import { recordNotFound } from '../../services/maintenance.ts';

/** DELETE maintenance/:id/: removes a record; the vehicle keeps the mileage and service date it moved to. */
export const deleteMaintenanceRoute = defineRoute({
  method: 'DELETE',
  url: 'maintenance/:id/',
  access: STAFF_ROLES,
  params: maintenanceIdParams,
  async handler({ deps, user, params }): Promise<undefined> {
    if (!(await findRecord(deps.db, params.id, agencyScope(user)))) throw recordNotFound();
    await deleteRecord(deps.db, params.id);
    return undefined;
  },
});
