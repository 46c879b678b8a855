import * as v from 'valibot';
import type { UnavailabilityPeriod } from '#domain/api/unavailability';
import { STAFF_ROLES } from '#domain/constants';
import { unavailabilityFilterFields } from '#domain/schemas/unavailability';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../services/agency-scope.ts';
import { listPeriods } from '../../repositories/unavailability.ts';
import { paged, pagingFields } from '../params.ts';

const listQuery = v.object({ ...unavailabilityFilterFields, ...pagingFields(100, 500) });

/** GET unavailability/: the caller's periods (every agency's for staff), by start date; total in X-Total-Count. */
export const listUnavailabilityRoute = defineRoute({
  method: 'GET',
  url: 'unavailability/',
  access: STAFF_ROLES,
  query: listQuery,
  async handler({ deps, user, query, reply }): Promise<UnavailabilityPeriod[]> {
    const { vehicle, from, to, ...page } = query;
    return paged(reply, await listPeriods(deps.db, { scope: agencyScope(user), vehicleId: vehicle, from, to }, page));
  },
});
