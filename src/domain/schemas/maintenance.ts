import * as v from 'valibot';
import { MAINTENANCE_TYPES } from '../service-due.ts';
import { choice, id, isoDate, money, optionalText, wholeNumber } from './fields.ts';
import { unavailabilityFilterFields } from './unavailability.ts';

export const MAINTENANCE_TYPE_MESSAGE = 'Type must be service, repair, tyres, inspection or other.';

/**
 * One piece of work on a vehicle (POST maintenance/, and PATCH with the whole record again):
 * the date it was done, the odometer then, what it cost and where.
 */
export const maintenanceSchema = v.object({
  vehicle: id('Vehicle'),
  type: choice(MAINTENANCE_TYPES, MAINTENANCE_TYPE_MESSAGE),
  service_date: isoDate('Date'),
  mileage: wholeNumber('Mileage', { max: 5_000_000 }),
  cost: money('Cost'),
  garage: optionalText('Garage', 150),
  notes: optionalText('Notes', 2000),
});
export type MaintenanceInput = v.InferOutput<typeof maintenanceSchema>;

export const maintenanceIdParams = v.object({ id: id('Maintenance record') });

/** GET maintenance/ and maintenance/totals/: one vehicle, one type, records dated within [from, to]. */
export const maintenanceFilterFields = {
  ...unavailabilityFilterFields,
  type: v.optional(v.picklist(MAINTENANCE_TYPES, MAINTENANCE_TYPE_MESSAGE)),
};
