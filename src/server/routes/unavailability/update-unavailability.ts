import { STAFF_ROLES } from '#domain/constants';
import { unavailabilityIdParams, unavailabilitySchema } from '#domain/schemas/unavailability';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../http/scope.ts';
import { findPeriod, updatePeriod } from '../../repositories/unavailability.ts';
import { ownVehicle } from '../fleet/vehicle-rules.ts';
import { periodConflict, periodNotFound } from './period-refusals.ts';

/**
 * PATCH unavailability/:id/: the whole period again, as on creation (it may move to another
 * vehicle of the fleet). Another agency's period is a 404; a booking on the new days a 409.
 */
export const updateUnavailabilityRoute = defineRoute({
  method: 'PATCH',
  url: 'unavailability/:id/',
  access: STAFF_ROLES,
  params: unavailabilityIdParams,
  body: unavailabilitySchema,
  async handler({ deps, user, params, body }) {
    const scope = agencyScope(user);
    if (!(await findPeriod(deps.db, params.id, scope))) throw periodNotFound();
    const vehicle = await ownVehicle(deps, body.vehicle, scope);
    try {
      await updatePeriod(deps.db, deps.dialect, params.id, {
        vehicle_id: vehicle.id,
        agency_id: vehicle.agency_id,
        kind: body.kind,
        start_date: body.start_date,
        end_date: body.end_date,
        reason: body.reason,
        updated_at: deps.now().toISOString(),
      });
    } catch (error) {
      throw periodConflict(error);
    }
    const updated = await findPeriod(deps.db, params.id, scope);
    if (!updated) throw periodNotFound();
    return updated;
  },
});
