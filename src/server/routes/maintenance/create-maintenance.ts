import type { MaintenanceRecord } from '#domain/api/maintenance';
import { STAFF_ROLES } from '#domain/constants';
import { maintenanceSchema } from '#domain/schemas/maintenance';
import { defineRoute } from '../../http/route.ts';
import { recordMaintenance } from '../../services/maintenance.ts';

/**
 * POST maintenance/: records work on a vehicle of the caller's fleet; a service moves the
 * vehicle's next service date, and any reading above its mileage raises it (same transaction).
 */
export const createMaintenanceRoute = defineRoute({
  method: 'POST',
  url: 'maintenance/',
  access: STAFF_ROLES,
  body: maintenanceSchema,
  async handler({ deps, user, body, request }): Promise<MaintenanceRecord> {
    return recordMaintenance(deps, user, body, request.idempotencyClaim);
  },
});
