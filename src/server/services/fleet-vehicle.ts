import type { Deps } from '../context.ts';
import { findVehicleAgency } from '../repositories/vehicles.ts';
import { fieldRefusal, Invalid } from './errors.ts';

/** The vehicle a record (a period, a maintenance record) is for: one of the caller's fleet (any for staff), else invalid (400) on `vehicle`. */
export async function ownVehicle(deps: Deps, vehicleId: number, scope: number | null) {
  const vehicle = await findVehicleAgency(deps.db, vehicleId, scope);
  if (!vehicle) throw fieldRefusal(Invalid, 'vehicle', 'Choose a vehicle from your fleet.');
  return vehicle;
}
