import * as v from 'valibot';
import type { StaffVehicle } from '#domain/api/vehicles';
import { OWNERSHIPS, STAFF_ROLES } from '#domain/constants';
import { boolean, optionalIsoDate, optionalText } from '#domain/schemas/fields';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../services/agency-scope.ts';
import { listStaffVehicles } from '../../repositories/vehicles.ts';
import { paged, pagingFields } from '../params.ts';

const listQuery = v.object({
  /** Found in the make, model or colour, whatever its case. */
  search: optionalText('Search', 100),
  ownership: v.optional(v.picklist(OWNERSHIPS, 'Ownership must be company or private.')),
  /** Vehicles whose next service is on or before this day (the app sends its "due" day: today + 14). */
  next_service_by: optionalIsoDate('Next service by'),
  /** Retired vehicles are left out unless asked for ("Show retired"). */
  include_retired: boolean('Include retired', false),
  ...pagingFields(100, 500),
});

/** GET staff-vehicles/: the caller's fleet (every agency's for staff), by make, model and id; in service only unless include_retired. */
export const listStaffVehiclesRoute = defineRoute({
  method: 'GET',
  url: 'staff-vehicles/',
  access: STAFF_ROLES,
  query: listQuery,
  async handler({ deps, user, query, reply }): Promise<StaffVehicle[]> {
    const page = await listStaffVehicles(deps.db, deps.media, agencyScope(user), {
      search: query.search ?? undefined,
      ownership: query.ownership,
      nextServiceBy: query.next_service_by,
      includeRetired: query.include_retired,
      limit: query.limit,
      offset: query.offset,
    });
    return paged(reply, page);
  },
});
