import * as v from 'valibot';
import { CUSTOMER_TITLES, DEFAULT_CUSTOMER_TITLE } from '../constants.ts';
import { boolean, email, optionalPhone, optionalText, phone, requiredText } from './fields.ts';

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
});
export type FinalizeInput = v.InferOutput<typeof finalizeSchema>;
