import * as v from 'valibot';
import { OWNERSHIPS } from '../constants.ts';
import { priceListAmount } from './price-list-fields.ts';
import { choice, id, idList, isoDate, optionalId, requiredText, wholeNumber } from './fields.ts';

const thisYear = new Date().getUTCFullYear();

/** The vehicle form's fields (SPEC §3); images travel beside them as files. */
export const vehicleFields = {
  make: requiredText('Make', 60),
  model: requiredText('Model', 60),
  color: requiredText('Colour', 40),
  manufacture_year: wholeNumber('Manufacture year', { min: 1950, max: thisYear + 1 }),
  mileage: wholeNumber('Mileage', { max: 5_000_000 }),
  mileage_allowance: wholeNumber('Mileage allowance', { max: 100_000 }),
  ownership: choice(OWNERSHIPS, 'Ownership must be company or private.'),
  price_per_day: priceListAmount('Price per day'),
  deposit: priceListAmount('Deposit'),
  registration_number: v.pipe(requiredText('Registration number', 15), v.toUpperCase()),
  next_service_date: isoDate('Next service date'),
  pickup_locations: idList('Pickup location'),
  /** One of the agency's vehicle categories; empty for none. */
  category_id: optionalId('Category'),
  /** Only the operator (staff) chooses the agency; agency users always add to their own. */
  agency_id: optionalId('Agency'),
};

export const vehicleSchema = v.object(vehicleFields);
export type VehicleInput = v.InferOutput<typeof vehicleSchema>;

/** Ids of existing images to remove, sent as a JSON list in a multipart field. */
export const deletedImages = v.pipe(
  v.optional(v.union([v.string(), v.array(v.union([v.string(), v.number()]))]), '[]'),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const raw = dataset.value;
    try {
      const parsed: unknown = Array.isArray(raw) ? raw.map(Number) : JSON.parse(raw === '' ? '[]' : raw);
      if (Array.isArray(parsed) && parsed.every((item) => Number.isInteger(item) && Number(item) > 0)) {
        return parsed as number[];
      }
    } catch {
      // falls through to the issue below
    }
    addIssue({ message: 'Deleted images must be a JSON list of image ids.' });
    return NEVER;
  }),
);

export const vehicleUpdateSchema = v.object({
  ...v.partial(v.object(vehicleFields)).entries,
  deleted_images: deletedImages,
});
export type VehicleUpdateInput = v.InferOutput<typeof vehicleUpdateSchema>;

export const vehicleIdParams = v.object({ id: id('Vehicle') });
