import type { PickupLocation } from '#domain/api/locations';
import { STAFF_ROLES } from '#domain/constants';
import { locationIdParams, locationUpdateSchema } from '#domain/schemas/location';
import { notFound } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { canReachAgency } from '../../services/agency-scope.ts';
import { findManagedLocation, updateLocation } from '../../repositories/locations.ts';
import { LOCATION_NOT_FOUND } from './location-refusals.ts';

/** PATCH locations/{id}/: a location's name, city or address; another agency's is not found. */
export const updateLocationRoute = defineRoute({
  method: 'PATCH',
  url: 'locations/:id/',
  access: STAFF_ROLES,
  params: locationIdParams,
  body: locationUpdateSchema,
  async handler({ deps, user, params, body }): Promise<PickupLocation> {
    const location = await findManagedLocation(deps.db, params.id);
    if (!location || !canReachAgency(user, location.agency_id)) throw notFound(LOCATION_NOT_FOUND);
    await updateLocation(deps.db, location.id, body);
    const updated = await findManagedLocation(deps.db, location.id);
    if (!updated) throw notFound(LOCATION_NOT_FOUND);
    return updated;
  },
});
