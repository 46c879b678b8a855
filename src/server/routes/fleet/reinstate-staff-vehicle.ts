import type { StaffVehicle } from '#domain/api/vehicles';
import { STAFF_ROLES } from '#domain/constants';
import { vehicleIdParams } from '#domain/schemas/vehicle';
import { notFound } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../services/agency-scope.ts';
import { findStaffVehicle } from '../../repositories/vehicles.ts';
import { setVehicleRetired } from '../../services/fleet/retire-vehicle.ts';
import { VEHICLE_NOT_FOUND } from './get-staff-vehicle.ts';

/**
 * POST staff-vehicles/:id/reinstate/: "Return to service" — a retired vehicle is listed and
 * bookable again. A vehicle in service is left as it is. Answers the vehicle.
 */
export const reinstateStaffVehicleRoute = defineRoute({
  method: 'POST',
  url: 'staff-vehicles/:id/reinstate/',
  status: 200,
  access: STAFF_ROLES,
  params: vehicleIdParams,
  async handler({ deps, user, params }): Promise<StaffVehicle> {
    const vehicle = await findStaffVehicle(deps.db, deps.media, params.id, agencyScope(user));
    if (!vehicle) throw notFound(VEHICLE_NOT_FOUND);
    if (vehicle.retired_at === null) return vehicle;
    const now = deps.now().toISOString();
    await setVehicleRetired(deps, params.id, null, now);
    return { ...vehicle, retired_at: null, updated_at: now };
  },
});
