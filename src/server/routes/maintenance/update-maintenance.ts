import type { MaintenanceRecord } from '#domain/api/maintenance';
import { STAFF_ROLES } from '#domain/constants';
import { maintenanceIdParams, maintenanceSchema } from '#domain/schemas/maintenance';
import { defineRoute } from '../../http/route.ts';
import { changeMaintenance } from '../../services/maintenance.ts';

/** PATCH maintenance/:id/: the whole record again, as on creation; another agency's record is a 404. */
export const updateMaintenanceRoute = defineRoute({
  method: 'PATCH',
  url: 'maintenance/:id/',
  access: STAFF_ROLES,
  params: maintenanceIdParams,
  body: maintenanceSchema,
  async handler({ deps, user, params, body }): Promise<MaintenanceRecord> {
    return changeMaintenance(deps, user, params.id, body);
  },
});
