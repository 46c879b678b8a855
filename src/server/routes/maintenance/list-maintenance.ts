import * as v from 'valibot';
import type { MaintenanceRecord } from '#domain/api/maintenance';
import { STAFF_ROLES } from '#domain/constants';
import { maintenanceFilterFields } from '#domain/schemas/maintenance';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../services/agency-scope.ts';
import { listRecords } from '../../repositories/maintenance.ts';
import { paged, pagingFields } from '../params.ts';

const listQuery = v.object({ ...maintenanceFilterFields, ...pagingFields(50, 200) });

/** GET maintenance/: the caller's records (every agency's for staff), newest first; total in X-Total-Count. */
export const listMaintenanceRoute = defineRoute({
  method: 'GET',
  url: 'maintenance/',
  access: STAFF_ROLES,
  query: listQuery,
  async handler({ deps, user, query, reply }): Promise<MaintenanceRecord[]> {
    const { vehicle, type, from, to, ...page } = query;
    const filter = { scope: agencyScope(user), vehicleId: vehicle, type, from, to };
    return paged(reply, await listRecords(deps.db, filter, page));
  },
});
