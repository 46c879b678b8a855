import type { VehicleBooking } from '#domain/api/unavailability';
import { STAFF_ROLES } from '#domain/constants';
import { vehicleBookingsQuery } from '#domain/schemas/unavailability';
import { vehicleIdParams } from '#domain/schemas/vehicle';
import { notFound } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../services/agency-scope.ts';
import { listVehicleBookings } from '../../repositories/unavailability.ts';
import { findVehicleAgency } from '../../repositories/vehicles.ts';
import { VEHICLE_NOT_FOUND } from './get-staff-vehicle.ts';

/**
 * GET staff-vehicles/:id/bookings/?from&to: the vehicle's bookings (cancelled ones left out)
 * touching the range, at most two months, for the unavailability calendar. Another agency's
 * vehicle answers 404, as if it did not exist.
 */
export const listVehicleBookingsRoute = defineRoute({
  method: 'GET',
  url: 'staff-vehicles/:id/bookings/',
  access: STAFF_ROLES,
  params: vehicleIdParams,
  query: vehicleBookingsQuery,
  async handler({ deps, user, params, query }): Promise<VehicleBooking[]> {
    const vehicle = await findVehicleAgency(deps.db, params.id, agencyScope(user));
    if (!vehicle) throw notFound(VEHICLE_NOT_FOUND);
    return listVehicleBookings(deps.db, vehicle.id, query.from, query.to);
  },
});
