import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { ApiCustomer } from '#domain/api/customers';
import { customerSchema } from '#domain/schemas/customer';
import { customerEditRequest } from './api/update-customer.ts';
import { changedFields, customerValues, emptyCustomerValues, outputValues } from './customer-values.ts';

const customer: ApiCustomer = {
  id: 12,
  title: 'MS',
  first_name: 'Nadia',
  last_name: 'Khan',
  phone_number: '+44 7700 900321',
  email: 'nadia@example.com',
  national_id: 'NI-1',
  street_address: '5 Mill Lane',
  address_line2: null,
  city: 'York',
  country: 'United Kingdom',
  drivers_license: null,
  drivers_license_type: null,
  next_of_kin1_first_name: null,
  next_of_kin1_last_name: null,
  next_of_kin1_id_number: null,
  next_of_kin1_phone: null,
  next_of_kin2_first_name: null,
  next_of_kin2_last_name: null,
  next_of_kin2_id_number: null,
  next_of_kin2_phone: null,
  date_of_birth: null,
  license_number: null,
  license_expiry: null,
  next_of_kin_2: false,
  agency_id: 1,
  has_account: false,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-02T10:00:00.000Z',
  last_booking_date: null,
};

describe('customer form values', () => {
  it('starts an add form blank with the title MR', () => {
    const values = emptyCustomerValues();
    expect(values.title).toBe('MR');
    expect(values.first_name).toBe('');
    expect(values.next_of_kin2_phone).toBe('');
  });

  it('finds no change in a record sent back as loaded, and each field that differs', () => {
    const loaded = customerValues(customer);
    expect(loaded.address_line2).toBe('');
    const same = outputValues(v.parse(customerSchema, loaded));
    expect(changedFields(same, loaded)).toEqual({});
    const edited = outputValues(v.parse(customerSchema, { ...loaded, city: ' Hull ', next_of_kin1_first_name: 'Sam' }));
    expect(changedFields(edited, loaded)).toEqual({ city: 'Hull', next_of_kin1_first_name: 'Sam' });
    const cleared = outputValues(v.parse(customerSchema, { ...loaded, national_id: 'NI-1', address_line2: '' }));
    expect(changedFields(cleared, { ...loaded, address_line2: 'Flat 2' })).toEqual({ address_line2: '' });
  });

  it('sends an edit with the loaded version, to the customer’s own outbox target', () => {
    const request = customerEditRequest({
      id: 12,
      fields: { city: 'Hull' },
      license: null,
      expectedUpdatedAt: customer.updated_at,
      label: 'Changes to Nadia Khan',
    });
    expect(request).toMatchObject({
      kind: 'customer-edit',
      target: 'customer:12',
      method: 'PATCH',
      url: 'customers/12/',
    });
    expect(request.form?.fields).toEqual({
      city: 'Hull',
      expected_updated_at: customer.updated_at,
      delete_drivers_license: 'true',
    });
    const file = new Blob(['x'], { type: 'image/png' });
    const withFile = customerEditRequest({ ...request, id: 12, fields: {}, license: file, expectedUpdatedAt: 'v' });
    expect(withFile.form?.files.drivers_license).toEqual([file]);
    expect(withFile.form?.fields.delete_drivers_license).toBeUndefined();
  });
});
