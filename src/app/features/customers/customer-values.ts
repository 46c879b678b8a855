import type * as v from 'valibot';
import type { ApiCustomer } from '#domain/api/customers';
import { CUSTOMER_TITLES, DEFAULT_CUSTOMER_TITLE } from '#domain/constants';
import { type customerSchema } from '#domain/schemas/customer';

export type CustomerFormInput = v.InferInput<typeof customerSchema>;
export type CustomerFormOutput = v.InferOutput<typeof customerSchema>;
export type CustomerField = keyof CustomerFormOutput;
type CustomerTitle = (typeof CUSTOMER_TITLES)[number];
/** The form's values: text everywhere, the title one of the list. */
export type CustomerValues = Record<Exclude<CustomerField, 'title'>, string> & { title: CustomerTitle };

const asTitle = (value: string): CustomerTitle =>
  CUSTOMER_TITLES.find((title) => title === value) ?? DEFAULT_CUSTOMER_TITLE;

/** How each field is named to the user (the confirm-changes dialog, the conflict view). */
export const FIELD_LABELS: Record<CustomerField, string> = {
  title: 'Title',
  first_name: 'First name',
  last_name: 'Last name',
  phone_number: 'Phone number',
  email: 'E-mail',
  national_id: 'National ID',
  street_address: 'Street address',
  address_line2: 'Address line 2',
  city: 'City',
  country: 'Country',
  next_of_kin1_first_name: 'Next of kin 1 first name',
  next_of_kin1_last_name: 'Next of kin 1 last name',
  next_of_kin1_id_number: 'Next of kin 1 ID number',
  next_of_kin1_phone: 'Next of kin 1 phone',
  next_of_kin2_first_name: 'Next of kin 2 first name',
  next_of_kin2_last_name: 'Next of kin 2 last name',
  next_of_kin2_id_number: 'Next of kin 2 ID number',
  next_of_kin2_phone: 'Next of kin 2 phone',
  date_of_birth: 'Date of birth',
  license_number: 'License number',
  license_expiry: 'License expiry',
};

export const CUSTOMER_FIELDS = Object.keys(FIELD_LABELS) as CustomerField[];

/** An empty add form: every field blank but the title (SPEC §9: MR). */
export function emptyCustomerValues(): CustomerValues {
  return { ...textValues(() => ''), title: DEFAULT_CUSTOMER_TITLE };
}

function textValues(valueOf: (field: Exclude<CustomerField, 'title'>) => string): CustomerValues {
  const values = { title: DEFAULT_CUSTOMER_TITLE } as CustomerValues;
  for (const field of CUSTOMER_FIELDS) if (field !== 'title') values[field] = valueOf(field);
  return values;
}

/** The record as the form shows it: every field a string, empty where the server has nothing. */
export function customerValues(customer: ApiCustomer): CustomerValues {
  return { ...textValues((field) => customer[field] ?? ''), title: asTitle(customer.title) };
}

/** The validated form as strings to send; optional fields left blank are blank. */
export function outputValues(output: CustomerFormOutput): CustomerValues {
  return { ...textValues((field) => output[field] ?? ''), title: output.title };
}

/** The fields whose value differs from `baseline`, with their new value. */
export function changedFields(
  values: CustomerValues,
  baseline: CustomerValues,
): Partial<Record<CustomerField, string>> {
  const changes: Partial<Record<CustomerField, string>> = {};
  for (const field of CUSTOMER_FIELDS) {
    if (values[field] !== baseline[field].trim()) changes[field] = values[field];
  }
  return changes;
}

export function fullName(customer: Pick<ApiCustomer, 'first_name' | 'last_name'>): string {
  return `${customer.first_name} ${customer.last_name}`.trim();
}
