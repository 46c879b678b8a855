import { DEFAULT_CUSTOMER_TITLE } from '#domain/constants';
import type { NewCustomer } from '../db/types.ts';

/** Who a customer record made from contact details alone belongs to: a login, or an agency's list. */
export type CustomerOwner = { user_id: number; agency_id: null } | { user_id: null; agency_id: number };

/**
 * A customer record from a name, phone and e-mail only (a self-registration, or a visitor's request
 * turned into a booking): the rest of the record stays empty until the person or staff fill it in.
 */
export function contactOnlyCustomer(
  contact: { first_name: string; last_name: string; phone_number: string; email: string },
  owner: CustomerOwner,
  now: string,
): NewCustomer {
  return {
    ...owner,
    title: DEFAULT_CUSTOMER_TITLE,
    first_name: contact.first_name,
    last_name: contact.last_name,
    phone_number: contact.phone_number,
    email: contact.email,
    national_id: null,
    street_address: null,
    address_line2: null,
    city: null,
    country: null,
    drivers_license_key: null,
    drivers_license_type: null,
    next_of_kin1_first_name: null,
    next_of_kin1_last_name: null,
    next_of_kin1_id_number: null,
    next_of_kin1_phone: null,
    next_of_kin2_first_name: null,
    next_of_kin2_last_name: null,
    next_of_kin2_id_number: null,
    next_of_kin2_phone: null,
    created_at: now,
    updated_at: now,
  };
}
