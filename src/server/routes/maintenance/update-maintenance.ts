import { STAFF_ROLES } from '#domain/constants';
import { maintenanceIdParams, maintenanceSchema } from '#domain/schemas/maintenance';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../http/scope.ts';
import { findRecord, updateRecord } from '../../repositories/maintenance.ts';
import { recordNotFound, recordValues } from './maintenance-values.ts';

/** PATCH maintenance/:id/: the whole record again, as on creation; another agency's record is a 404. */
export const updateMaintenanceRoute = defineRoute({
  method: 'PATCH',
  url: 'maintenance/:id/',
  access: STAFF_ROLES,
  params: maintenanceIdParams,
  body: maintenanceSchema,
  async handler({ deps, user, params, body }) {
    const scope = agencyScope(user);
    if (!(await findRecord(deps.db, params.id, scope))) throw recordNotFound();
    await updateRecord(deps.db, params.id, await recordValues(deps, body, scope, deps.now().toISOString()));
    const updated = await findRecord(deps.db, params.id, scope);
    if (!updated) throw recordNotFound();
    return updated;
  },
});
