import { addDays, todayIso } from '#domain/dates';
import type { MaintenanceInput } from '#domain/schemas/maintenance';
import type { Deps } from '../../context.ts';
import { fieldError, notFound } from '../../http/errors.ts';
import type { RecordValues } from '../../repositories/maintenance.ts';
import { ownVehicle } from '../fleet/vehicle-rules.ts';

export const recordNotFound = () => notFound('Maintenance record not found.');

/**
 * The row a record's form becomes, for a vehicle of the caller's fleet. A record says what was
 * done, so a date after tomorrow (anywhere on Earth it is at most that) is refused: it would move
 * the next service date on work that has not happened.
 */
export async function recordValues(
  deps: Deps,
  body: MaintenanceInput,
  scope: number | null,
  now: string,
): Promise<RecordValues> {
  if (body.service_date > addDays(todayIso(deps.now()), 1)) {
    throw fieldError(400, 'service_date', 'Date cannot be in the future.');
  }
  const vehicle = await ownVehicle(deps, body.vehicle, scope);
  return {
    vehicle_id: vehicle.id,
    agency_id: vehicle.agency_id,
    type: body.type,
    service_date: body.service_date,
    mileage: body.mileage,
    cost: body.cost,
    garage: body.garage,
    notes: body.notes,
    updated_at: now,
  };
}
