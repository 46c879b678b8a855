import * as v from 'valibot';
import type { StaffVehicle } from '#domain/api/vehicles';
import { vehicleSchema } from '#domain/schemas/vehicle';

/** What the form's inputs hold: the shared schema's input, text as typed. */
export type VehicleFormValues = v.InferInput<typeof vehicleSchema>;
export type VehicleField = keyof VehicleFormValues;

/** The fields in form order with the words the confirm dialog uses for them. */
export const VEHICLE_FIELD_LABELS: Record<VehicleField, string> = {
  make: 'Make',
  model: 'Model',
  color: 'Colour',
  manufacture_year: 'Manufacture year',
  registration_number: 'Registration number',
  ownership: 'Ownership',
  price_per_day: 'Price per day',
  deposit: 'Deposit',
  mileage: 'Mileage (km)',
  mileage_allowance: 'Mileage allowance (km per day)',
  next_service_date: 'Next service date',
  agency_id: 'Agency',
  pickup_locations: 'Pickup locations',
  category_id: 'Category',
};

export const VEHICLE_FIELDS = Object.keys(VEHICLE_FIELD_LABELS) as VehicleField[];

export const EMPTY_VEHICLE: VehicleFormValues = {
  make: '',
  model: '',
  color: '',
  manufacture_year: '',
  registration_number: '',
  ownership: '',
  price_per_day: '',
  deposit: '',
  mileage: '',
  mileage_allowance: '',
  next_service_date: '',
  agency_id: '',
  pickup_locations: [],
  category_id: '',
};

export function valuesFromVehicle(vehicle: StaffVehicle): VehicleFormValues {
  return {
    make: vehicle.make,
    model: vehicle.model,
    color: vehicle.color,
    manufacture_year: String(vehicle.manufacture_year),
    registration_number: vehicle.registration_number,
    ownership: vehicle.ownership,
    price_per_day: vehicle.price_per_day,
    deposit: vehicle.deposit,
    mileage: String(vehicle.mileage),
    mileage_allowance: String(vehicle.mileage_allowance),
    next_service_date: vehicle.next_service_date,
    agency_id: String(vehicle.agency_id),
    pickup_locations: vehicle.pickup_locations,
    category_id: vehicle.category_id === null ? '' : String(vehicle.category_id),
  };
}

/** The chosen pickup locations as ids, whatever shape the form holds them in. */
export function locationIds(raw: VehicleFormValues['pickup_locations']): number[] {
  if (raw === undefined || raw === '') return [];
  return (Array.isArray(raw) ? raw : [raw]).map(Number).filter((id) => Number.isInteger(id) && id > 0);
}

function text(value: unknown): string {
  return value === null || value === undefined ? '' : String(value).trim();
}

/**
 * The fields whose meaning changed. Both sides go through the shared schema, so "45" and "45.00",
 * or "ab12 cde" and "AB12 CDE", are no change.
 */
export function changedFields(before: VehicleFormValues, after: VehicleFormValues): VehicleField[] {
  const parsedBefore = v.safeParse(vehicleSchema, before);
  const parsedAfter = v.safeParse(vehicleSchema, after);
  return VEHICLE_FIELDS.filter((field) => {
    if (field === 'pickup_locations') {
      const a = [...locationIds(before.pickup_locations)].sort((x, y) => x - y).join(',');
      const b = [...locationIds(after.pickup_locations)].sort((x, y) => x - y).join(',');
      return a !== b;
    }
    if (parsedBefore.success && parsedAfter.success) {
      return parsedBefore.output[field] !== parsedAfter.output[field];
    }
    return text(before[field]) !== text(after[field]);
  });
}

/**
 * The multipart body: each field as typed (the server parses it with the same schema), pickup
 * locations repeated. An empty choice of locations is sent as one blank value, which the server
 * reads as "none" rather than "leave them as they are".
 */
export function appendFields(form: FormData, values: VehicleFormValues, fields: readonly VehicleField[]): void {
  for (const field of fields) {
    if (field === 'pickup_locations') {
      const ids = locationIds(values.pickup_locations);
      if (ids.length === 0) form.append('pickup_locations', '');
      for (const id of ids) form.append('pickup_locations', String(id));
      continue;
    }
    const value = text(values[field]);
    if (field === 'agency_id' && value === '') continue;
    form.append(field, value);
  }
}
