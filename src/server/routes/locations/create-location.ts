import { STAFF_ROLES } from '#domain/constants';
import { locationSchema } from '#domain/schemas/location';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../services/agency-scope.ts';
import { findManagedLocation, insertLocation } from '../../repositories/locations.ts';
import { resolveAgency } from '../fleet/vehicle-rules.ts';

/** POST locations/: a new pickup location of the caller's agency (the operator names the agency). */
export const createLocationRoute = defineRoute({
  method: 'POST',
  url: 'locations/',
  access: STAFF_ROLES,
  body: locationSchema,
  async handler({ deps, user, body }) {
    const { agency_id: requested, ...fields } = body;
    const agencyId = await resolveAgency(deps.db, agencyScope(user), requested, 'pickup locations');
    const id = await insertLocation(deps.db, { ...fields, agency_id: agencyId });
    return findManagedLocation(deps.db, id);
  },
});
