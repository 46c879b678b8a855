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
 * POST staff-vehicles/:id/retire/: the vehicle leaves the public list and the pickers, and new
 * bookings, requests and acceptances for it are refused; its history stays. Retiring a retired
 * vehicle keeps the first date. Answers the vehicle.
 */
export const retireStaffVehicleRoute = defineRoute({
  method: 'POST',
  url: 'staff-vehicles/:id/retire/',
  status: 200,
  access: STAFF_ROLES,
  params: vehicleIdParams,
  async handler({ deps, user, params }): Promise<StaffVehicle> {
    const scope = agencyScope(user);
    const vehicle = await findStaffVehicle(deps.db, deps.media, params.id, scope);
    if (!vehicle) throw notFound(VEHICLE_NOT_FOUND);
    if (vehicle.retired_at !== null) return vehicle;
    const now = deps.now().toISOString();
    await setVehicleRetired(deps, params.id, now, now);
    return { ...vehicle, retired_at: now, updated_at: now };
  },
});
