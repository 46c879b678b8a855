import type { StaffVehicle } from '#domain/api/vehicles';
import { STAFF_ROLES } from '#domain/constants';
import { vehicleIdParams } from '#domain/schemas/vehicle';
import { notFound } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../services/agency-scope.ts';
import { findStaffVehicle } from '../../repositories/vehicles.ts';

export const VEHICLE_NOT_FOUND = 'Vehicle not found.';

/** GET staff-vehicles/:id/: another agency's vehicle answers 404, as if it did not exist. */
export const getStaffVehicleRoute = defineRoute({
  method: 'GET',
  url: 'staff-vehicles/:id/',
  access: STAFF_ROLES,
  params: vehicleIdParams,
  async handler({ deps, user, params }): Promise<StaffVehicle> {
    const vehicle = await findStaffVehicle(deps.db, deps.media, params.id, agencyScope(user));
    if (!vehicle) throw notFound(VEHICLE_NOT_FOUND);
    return vehicle;
  },
});
