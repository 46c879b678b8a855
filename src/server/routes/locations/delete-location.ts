import { STAFF_ROLES } from '#domain/constants';
import { locationIdParams } from '#domain/schemas/location';
import { conflict, notFound } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { canReachAgency } from '../../services/agency-scope.ts';
import { findManagedLocation } from '../../repositories/locations.ts';
import { deleteLocationUnlessUsed } from '../../services/locations/delete-location.ts';
import { LOCATION_NOT_FOUND, locationInUse } from './location-refusals.ts';

/**
 * DELETE locations/{id}/: removes a pickup location no vehicle and no upcoming booking or request
 * uses; otherwise 409 saying what uses it.
 */
export const deleteLocationRoute = defineRoute({
  method: 'DELETE',
  url: 'locations/:id/',
  access: STAFF_ROLES,
  params: locationIdParams,
  async handler({ deps, user, params }): Promise<undefined> {
    const location = await findManagedLocation(deps.db, params.id);
    if (!location || !canReachAgency(user, location.agency_id)) throw notFound(LOCATION_NOT_FOUND);
    const today = deps.now().toISOString().slice(0, 10);
    const use = await deleteLocationUnlessUsed(deps, location, today);
    if (use) throw conflict(locationInUse(use));
    return undefined;
  },
});
