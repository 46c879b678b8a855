import type * as v from 'valibot';
import type { ApiCustomer } from '#domain/api/customers';
import type { finalizeSchema } from '#domain/schemas/customer';

/** What the step 3 form holds: the finalize payload as typed. */
export type DetailsValues = v.InferInput<typeof finalizeSchema>;
type TextName = Exclude<
  keyof DetailsValues,
  'pay_now' | 'extras' | 'driver_age' | 'expected_total' | 'date_of_birth' | 'license_number' | 'license_expiry'
>;

export interface DetailsField {
  name: TextName;
  label: string;
  autoComplete: string;
}

export const ADDRESS_FIELDS: readonly DetailsField[] = [
  { name: 'national_id', label: 'National ID', autoComplete: 'off' },
  { name: 'street_address', label: 'Street address', autoComplete: 'address-line1' },
  { name: 'address_line2', label: 'Address line 2 (optional)', autoComplete: 'address-line2' },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'country', label: 'Country', autoComplete: 'country-name' },
];

export const KIN_FIELDS: readonly DetailsField[] = [
  { name: 'next_of_kin1_first_name', label: 'First name', autoComplete: 'off' },
  { name: 'next_of_kin1_last_name', label: 'Last name', autoComplete: 'off' },
  { name: 'next_of_kin1_id_number', label: 'ID number', autoComplete: 'off' },
  { name: 'next_of_kin1_phone', label: 'Phone', autoComplete: 'off' },
];

export const DETAILS_FIELD_NAMES: readonly string[] = [...ADDRESS_FIELDS, ...KIN_FIELDS].map((field) => field.name);

/** The form starts from the customer's record (GET customers/me/). */
export function detailsDefaults(customer: ApiCustomer): DetailsValues {
  // pay_now is step 2's choice, added when the form is sent.
  // The license step's fields are sent with the confirmation (issue 21).
  const values: DetailsValues = {
    date_of_birth: customer.date_of_birth ?? '',
    license_number: customer.license_number ?? '',
    license_expiry: customer.license_expiry ?? '',
  };
  for (const field of [...ADDRESS_FIELDS, ...KIN_FIELDS]) values[field.name] = customer[field.name] ?? '';
  return values;
}

/** Which group a field belongs to, so a field error can open it. */
export function groupOf(name: string): 'address' | 'kin' | null {
  if (ADDRESS_FIELDS.some((field) => field.name === name)) return 'address';
  if (KIN_FIELDS.some((field) => field.name === name)) return 'kin';
  return null;
}
