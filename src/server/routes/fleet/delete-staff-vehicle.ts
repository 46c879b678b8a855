import { STAFF_ROLES } from '#domain/constants';
import { vehicleIdParams } from '#domain/schemas/vehicle';
import { conflict, notFound } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../services/agency-scope.ts';
import { findVehicleAgency } from '../../repositories/vehicles.ts';
import { deleteVehicle } from '../../services/fleet/delete-vehicle.ts';
import { VEHICLE_NOT_FOUND } from './get-staff-vehicle.ts';
import { removeCommittedImages } from './vehicle-images.ts';

const VEHICLE_IN_USE =
  'This vehicle has bookings or booking requests and cannot be deleted. Retire it instead: its history is kept.';

/** DELETE staff-vehicles/:id/: refused while bookings or requests reference it; removes its image files. */
export const deleteStaffVehicleRoute = defineRoute({
  method: 'DELETE',
  url: 'staff-vehicles/:id/',
  access: STAFF_ROLES,
  params: vehicleIdParams,
  async handler({ deps, user, params, request }): Promise<undefined> {
    if (!(await findVehicleAgency(deps.db, params.id, agencyScope(user)))) throw notFound(VEHICLE_NOT_FOUND);
    const result = await deleteVehicle(deps, params.id);
    if (!result.ok) throw result.reason === 'referenced' ? conflict(VEHICLE_IN_USE) : notFound(VEHICLE_NOT_FOUND);
    await removeCommittedImages(deps.media, result.removedImageKeys, request.log);
    return undefined;
  },
});
