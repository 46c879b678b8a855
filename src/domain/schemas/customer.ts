import * as v from 'valibot';
import { CUSTOMER_TITLES, DEFAULT_CUSTOMER_TITLE } from '../constants.ts';
import { isIsoDate, todayIso } from '../dates.ts';
import {
  boolean,
  email,
  optionalMoney,
  optionalPhone,
  optionalText,
  optionalWholeNumber,
  phone,
  requiredText,
} from './fields.ts';
import { extrasList } from './quote.ts';

/** The youngest a customer may be (issue 21: the young-driver fee and the license checks read the birth date). */
export const MIN_CUSTOMER_AGE = 16;
export const BIRTH_NOT_IN_PAST = 'Date of birth must be in the past.';
export const CUSTOMER_TOO_YOUNG = `The customer must be at least ${MIN_CUSTOMER_AGE} years old.`;

/** Whole years from `birth` to `day` (ISO days): a birthday counts on its day; 29 February's on 1 March. */
export function ageOn(birth: string, day: string): number {
  const years = Number(day.slice(0, 4)) - Number(birth.slice(0, 4));
  return day.slice(5) >= birth.slice(5) ? years : years - 1;
}

/** An ISO day a form may leave blank: missing, null and blank all become null. */
function optionalDay(label: string) {
  return v.pipe(
    v.optional(v.nullable(v.string(`${label} must be a date (YYYY-MM-DD).`)), null),
    v.transform((value) => (value === null || value.trim() === '' ? null : value.trim())),
    v.check((value) => value === null || isIsoDate(value), `${label} must be a date (YYYY-MM-DD).`),
  );
}

export const LICENSE_NUMBER_MAX = 40;
export const LICENSE_NUMBER_CHARACTERS = 'License number may only have letters, digits, spaces and hyphens.';
const LICENSE_NUMBER = /^[\p{L}\p{N}][\p{L}\p{N} -]*$/u;

/** The driver's license number as printed (optional): trimmed, at most 40 letters, digits, spaces and hyphens. */
const licenseNumber = v.pipe(
  optionalText('License number', LICENSE_NUMBER_MAX),
  v.check((value) => value === null || LICENSE_NUMBER.test(value), LICENSE_NUMBER_CHARACTERS),
);

/**
 * Asked for where a license is: the date of birth (in the past, at least 16 years ago), the
 * license's number (the agreement names it) and its expiry.
 */
const licenseHolderFields = {
  date_of_birth: v.pipe(
    optionalDay('Date of birth'),
    v.check((value) => value === null || value < todayIso(), BIRTH_NOT_IN_PAST),
    v.check((value) => value === null || ageOn(value, todayIso()) >= MIN_CUSTOMER_AGE, CUSTOMER_TOO_YOUNG),
  ),
  license_number: licenseNumber,
  license_expiry: optionalDay('License expiry'),
};

const kinFields = {
  next_of_kin1_first_name: optionalText('Next of kin 1 first name', 100),
  next_of_kin1_last_name: optionalText('Next of kin 1 last name', 100),
  next_of_kin1_id_number: optionalText('Next of kin 1 ID number', 50),
  next_of_kin1_phone: optionalPhone('Next of kin 1 phone'),
  next_of_kin2_first_name: optionalText('Next of kin 2 first name', 100),
  next_of_kin2_last_name: optionalText('Next of kin 2 last name', 100),
  next_of_kin2_id_number: optionalText('Next of kin 2 ID number', 50),
  next_of_kin2_phone: optionalPhone('Next of kin 2 phone'),
};

const addressFields = {
  national_id: requiredText('National ID', 50),
  street_address: requiredText('Street address', 200),
  address_line2: optionalText('Address line 2', 200),
  city: requiredText('City', 100),
  country: requiredText('Country', 100),
};

/** The customer form (SPEC §3, §5): everything required but address line 2 and next of kin. */
export const customerFields = {
  title: v.optional(v.picklist(CUSTOMER_TITLES, 'Choose a title from the list.'), DEFAULT_CUSTOMER_TITLE),
  first_name: requiredText('First name', 100),
  last_name: requiredText('Last name', 100),
  phone_number: phone(),
  email,
  ...addressFields,
  ...kinFields,
  ...licenseHolderFields,
};

export const customerSchema = v.object(customerFields);
export type CustomerInput = v.InferOutput<typeof customerSchema>;

export const customerUpdateSchema = v.partial(v.object(customerFields));
export type CustomerUpdateInput = v.InferOutput<typeof customerUpdateSchema>;

/**
 * PATCH customers/{id}/ (staff): the changed fields, and the `updated_at` the form was loaded
 * with. When it is sent and the record has changed since, the server refuses (412) rather than
 * overwrite what someone else saved. `delete_drivers_license` takes the license away with the edit,
 * so a removal made offline travels in the same queued write.
 */
export const staffCustomerUpdateSchema = v.object({
  ...customerUpdateSchema.entries,
  delete_drivers_license: boolean('Delete license', false),
  expected_updated_at: v.optional(
    v.pipe(v.string('Send the version you edited.'), v.isoTimestamp('Send the version you edited.')),
  ),
});
export type StaffCustomerUpdateInput = v.InferOutput<typeof staffCustomerUpdateSchema>;

/**
 * PATCH customers/me/: what a customer may change on their own record (not the title staff chose);
 * `delete_drivers_license` takes the license away (SPEC §4: removing it marks it for deletion on save).
 */
export const ownCustomerUpdateSchema = v.object({
  ...v.omit(customerUpdateSchema, ['title']).entries,
  delete_drivers_license: boolean('Delete license', false),
});
export type OwnCustomerUpdateInput = v.InferOutput<typeof ownCustomerUpdateSchema>;

/** Step 3 of the confirmation wizard: address and first next of kin, and the payment choice. */
export const finalizeSchema = v.object({
  ...addressFields,
  next_of_kin1_first_name: kinFields.next_of_kin1_first_name,
  next_of_kin1_last_name: kinFields.next_of_kin1_last_name,
  next_of_kin1_id_number: kinFields.next_of_kin1_id_number,
  next_of_kin1_phone: kinFields.next_of_kin1_phone,
  pay_now: boolean('Pay now', true),
  /** Asked on the wizard's license step; missing: the record's stays. */
  date_of_birth: v.optional(licenseHolderFields.date_of_birth),
  license_number: v.optional(licenseHolderFields.license_number),
  license_expiry: v.optional(licenseHolderFields.license_expiry),
  /** The extras chosen in the wizard; missing: the request's own. */
  extras: v.optional(extrasList),
  /** Read only when the customer has no date of birth; missing: the request's. */
  driver_age: optionalWholeNumber("Driver's age", { min: MIN_CUSTOMER_AGE, max: 120 }),
  /** The total the screen showed: a booking that would cost otherwise is refused (409) with the new quote. */
  expected_total: optionalMoney('Expected total'),
});
export type FinalizeInput = v.InferOutput<typeof finalizeSchema>;
