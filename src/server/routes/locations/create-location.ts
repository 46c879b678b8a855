import type { PickupLocation } from '#domain/api/locations';
import { STAFF_ROLES } from '#domain/constants';
import { locationSchema } from '#domain/schemas/location';
import { notFound } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../services/agency-scope.ts';
import { findManagedLocation, insertLocation } from '../../repositories/locations.ts';
import { resolveAgency } from '../fleet/vehicle-rules.ts';
import { LOCATION_NOT_FOUND } from './location-refusals.ts';

/** POST locations/: a new pickup location of the caller's agency (the operator names the agency). */
export const createLocationRoute = defineRoute({
  method: 'POST',
  url: 'locations/',
  access: STAFF_ROLES,
  body: locationSchema,
  async handler({ deps, user, body }): Promise<PickupLocation> {
    const { agency_id: requested, ...fields } = body;
    const agencyId = await resolveAgency(deps.db, agencyScope(user), requested, 'pickup locations');
    const id = await insertLocation(deps.db, { ...fields, agency_id: agencyId });
    const created = await findManagedLocation(deps.db, id);
    if (!created) throw notFound(LOCATION_NOT_FOUND);
    return created;
  },
});
