import * as v from 'valibot';
import type { MaintenanceTotals } from '#domain/api/maintenance';
import { STAFF_ROLES } from '#domain/constants';
import { maintenanceFilterFields } from '#domain/schemas/maintenance';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../services/agency-scope.ts';
import { recordTotals } from '../../repositories/maintenance.ts';

/** GET maintenance/totals/: count and cost of the records GET maintenance/ would list with the same filters, per type. */
export const maintenanceTotalsRoute = defineRoute({
  method: 'GET',
  url: 'maintenance/totals/',
  access: STAFF_ROLES,
  query: v.object(maintenanceFilterFields),
  async handler({ deps, user, query }): Promise<MaintenanceTotals> {
    const { vehicle, type, from, to } = query;
    return recordTotals(deps.db, { scope: agencyScope(user), vehicleId: vehicle, type, from, to });
  },
});
