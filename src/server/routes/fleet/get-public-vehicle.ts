import { vehicleIdParams } from '#domain/schemas/vehicle';
import { notFound } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { findPublicVehicle } from '../../repositories/vehicles.ts';
import { VEHICLE_NOT_FOUND } from './get-staff-vehicle.ts';

/** GET public-vehicles/:id/: anyone may read a vehicle of an approved agency. */
export const getPublicVehicleRoute = defineRoute({
  method: 'GET',
  url: 'public-vehicles/:id/',
  access: 'public',
  params: vehicleIdParams,
  async handler({ deps, params, reply }) {
    const vehicle = await findPublicVehicle(deps.db, deps.media, params.id);
    if (!vehicle) throw notFound(VEHICLE_NOT_FOUND);
    // Public data like the list, which may change at any edit: revalidated each time.
    reply.header('Cache-Control', 'no-cache');
    return vehicle;
  },
});
