import type { MaintenanceRecord } from '#domain/api/maintenance';
import { STAFF_ROLES } from '#domain/constants';
import { maintenanceSchema } from '#domain/schemas/maintenance';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../http/scope.ts';
import { storeReplyWithWrite } from '../../plugins/idempotency-commit.ts';
import { findRecord, insertRecord } from '../../repositories/maintenance.ts';
import { recordNotFound, recordValues } from './maintenance-values.ts';

/**
 * POST maintenance/: records work on a vehicle of the caller's fleet; a service moves the
 * vehicle's next service date, and any reading above its mileage raises it (same transaction).
 */
export const createMaintenanceRoute = defineRoute({
  method: 'POST',
  url: 'maintenance/',
  access: STAFF_ROLES,
  body: maintenanceSchema,
  async handler({ deps, user, body, request }) {
    const scope = agencyScope(user);
    const now = deps.now().toISOString();
    const values = await recordValues(deps, body, scope, now);
    // The reply is read and stored inside the write's transaction (see plugins/idempotency-commit).
    let created: MaintenanceRecord | undefined;
    await insertRecord(deps.db, { ...values, created_by: user.id, created_at: now }, async (trx, id) => {
      created = await findRecord(trx, id, scope);
      if (created) await storeReplyWithWrite(trx, request, 201, created);
    });
    if (!created) throw recordNotFound();
    return created;
  },
});
