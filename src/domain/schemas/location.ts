import * as v from 'valibot';
import { id, optionalId, requiredText } from './fields.ts';

/** A pickup location's fields, as the Settings form and POST locations/ take them. */
const locationFields = {
  name: requiredText('Name', 100),
  city: requiredText('City', 100),
  address: requiredText('Address', 200),
};

/** POST locations/: the operator (staff) names the agency; agency users add to their own. */
export const locationSchema = v.object({ ...locationFields, agency_id: optionalId('Agency') });
export type LocationInput = v.InferOutput<typeof locationSchema>;

/** The Settings form: the location's own fields. */
export const locationFormSchema = v.object(locationFields);
export type LocationFormInput = v.InferOutput<typeof locationFormSchema>;

/** PATCH locations/{id}/: the fields that changed. */
export const locationUpdateSchema = v.partial(v.object(locationFields));

export const locationIdParams = v.object({ id: id('Location') });
