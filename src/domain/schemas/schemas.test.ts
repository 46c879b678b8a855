import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../dates.ts';
import { PARSE_CONFIG } from './parse.ts';
import { customerRegistrationSchema, passwordResetFormSchema } from './accounts.ts';
import { staffBookingSchema } from './booking.ts';
import { anonymousBookingRequestSchema, bookingRequestSchema } from './booking-request.ts';
import { ageOn, customerSchema, customerUpdateSchema, finalizeSchema, LICENSE_NUMBER_CHARACTERS } from './customer.ts';
import { vehicleSchema, vehicleUpdateSchema } from './vehicle.ts';

const messages = (result: { issues?: readonly v.BaseIssue<unknown>[] }) =>
  (result.issues ?? []).map((issue) => issue.message);
const fieldMessages = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input, PARSE_CONFIG);
  return result.success ? {} : v.flatten(result.issues).nested;
};

describe('shared form schemas', () => {
  it('registration needs all six fields', () => {
    const errors = fieldMessages(customerRegistrationSchema, {});
    expect(Object.keys(errors ?? {}).sort()).toEqual([
      'email',
      'first_name',
      'last_name',
      'password',
      'phone_number',
      'username',
    ]);
    const ok = v.parse(customerRegistrationSchema, {
      email: ' Ann@Example.COM ',
      username: 'ann',
      phone_number: '+44 7700 900123',
      first_name: ' Ann ',
      last_name: 'Lee',
      password: 'long-enough',
    });
    expect(ok.email).toBe('ann@example.com');
    expect(ok.first_name).toBe('Ann');
  });

  it('a missing field says "X is required."', () => {
    expect(fieldMessages(customerRegistrationSchema, {})).toMatchObject({
      password: ['Password is required.'],
      email: ['E-mail is required.'],
      first_name: ['First name is required.'],
    });
    expect(fieldMessages(vehicleSchema, {})).toMatchObject({
      mileage: ['Mileage is required.'],
      price_per_day: ['Price per day is required.'],
      ownership: ['Ownership must be company or private.'],
      next_service_date: ['Next service date is required.'],
    });
  });

  it('the reset form says "Passwords do not match."', () => {
    const result = v.safeParse(passwordResetFormSchema, {
      password: 'long-enough',
      confirm_password: 'different!',
      token: 't',
    });
    expect(messages(result)).toEqual(['Passwords do not match.']);
  });

  it('vehicle fields convert form strings and money', () => {
    const vehicle = v.parse(vehicleSchema, {
      make: 'Toyota',
      model: 'Yaris',
      color: 'Red',
      manufacture_year: '2021',
      mileage: '12000',
      mileage_allowance: '150',
      ownership: 'private',
      price_per_day: '39.5',
      deposit: '200',
      registration_number: 'ab12 cde',
      next_service_date: '2027-01-31',
      pickup_locations: '3',
    });
    expect(vehicle).toMatchObject({
      manufacture_year: 2021,
      price_per_day: 3950,
      deposit: 20000,
      registration_number: 'AB12 CDE',
      pickup_locations: [3],
    });
    expect(
      fieldMessages(vehicleSchema, { ...vehicle, price_per_day: '1.234', ownership: 'leased', mileage: '-1' }),
    ).toMatchObject({
      price_per_day: [expect.stringContaining('two decimals')],
      ownership: ['Ownership must be company or private.'],
      mileage: ['Mileage must be at least 0.'],
    });
  });

  it('vehicle update reads deleted_images as a JSON list', () => {
    expect(v.parse(vehicleUpdateSchema, { deleted_images: '[4,5]' }).deleted_images).toEqual([4, 5]);
    expect(v.safeParse(vehicleUpdateSchema, { deleted_images: 'nope' }).success).toBe(false);
  });

  it('customer: address line 2 and next of kin optional, title defaults to MR', () => {
    const customer = v.parse(customerSchema, {
      first_name: 'Sam',
      last_name: 'Rowe',
      phone_number: '07700 900456',
      email: 'sam@example.com',
      national_id: 'AB123456C',
      street_address: '1 High St',
      address_line2: '',
      city: 'Leeds',
      country: 'United Kingdom',
    });
    expect(customer.title).toBe('MR');
    expect(customer.address_line2).toBeNull();
    expect(customer.next_of_kin1_phone).toBeNull();
  });

  it('license number: optional, trimmed, at most 40 letters, digits, spaces and hyphens', () => {
    const parse = (license_number: unknown) => v.safeParse(customerUpdateSchema, { license_number });
    const message = (license_number: unknown) => {
      const result = parse(license_number);
      return result.success ? null : result.issues[0].message;
    };
    expect(v.parse(customerUpdateSchema, { license_number: '  MORGA 753116-SM9IJ ' })).toEqual({
      license_number: 'MORGA 753116-SM9IJ',
    });
    expect(v.parse(customerUpdateSchema, { license_number: '' })).toEqual({ license_number: null });
    expect(v.parse(customerUpdateSchema, { license_number: '   ' })).toEqual({ license_number: null });
    expect(v.parse(customerUpdateSchema, {})).toEqual({});
    expect(v.parse(customerUpdateSchema, { license_number: 'Ü123456' }).license_number).toBe('Ü123456');
    expect(v.parse(customerUpdateSchema, { license_number: 'A'.repeat(40) }).license_number).toHaveLength(40);
    expect(message('A'.repeat(41))).toBe('License number must be at most 40 characters.');
    for (const bad of ['AB/123', 'AB_123', 'AB.123', '-AB123', 'AB\t123', '<b>']) {
      expect(message(bad)).toBe(LICENSE_NUMBER_CHARACTERS);
    }
    expect(message(['A1'])).toBe('License number must be text.');
    const base = { national_id: 'X1', street_address: '1 Road', city: 'York', country: 'UK' };
    expect(v.parse(finalizeSchema, base).license_number).toBeUndefined();
    expect(v.parse(finalizeSchema, { ...base, license_number: ' AB 12 ' }).license_number).toBe('AB 12');
    expect(v.safeParse(finalizeSchema, { ...base, license_number: 'AB#12' }).success).toBe(false);
  });

  it('partial updates leave missing fields out and blank optional ones null', () => {
    expect(v.parse(customerUpdateSchema, {})).toEqual({});
    expect(v.parse(customerUpdateSchema, { address_line2: '' })).toEqual({ address_line2: null });
    expect(v.parse(vehicleUpdateSchema, { price_per_day: '50' })).toEqual({ price_per_day: 5000, deleted_images: [] });
  });

  it('finalize defaults pay_now to true and reads "false"', () => {
    const base = { national_id: 'X1', street_address: '1 Road', city: 'York', country: 'UK' };
    expect(v.parse(finalizeSchema, base).pay_now).toBe(true);
    expect(v.parse(finalizeSchema, { ...base, pay_now: 'false' }).pay_now).toBe(false);
  });

  it('requests refuse the past and an end before the start', () => {
    const today = todayIso();
    const base = {
      vehicle_id: '1',
      start_date: today,
      end_date: addDays(today, 2),
      pickup_time: '09:00',
      dropoff_time: '18:00',
      pickup_location_id: '1',
      dropoff_location_id: '1',
    };
    expect(v.safeParse(bookingRequestSchema, base).success).toBe(true);
    expect(fieldMessages(bookingRequestSchema, { ...base, start_date: addDays(today, -1) })).toEqual({
      start_date: ['Start date cannot be in the past.'],
    });
    expect(fieldMessages(bookingRequestSchema, { ...base, end_date: addDays(today, -1), start_date: today })).toEqual({
      end_date: ['End date cannot be before start date.'],
    });
    expect(
      fieldMessages(anonymousBookingRequestSchema, {
        ...base,
        first_name: 'A',
        last_name: 'B',
        phone_number: '12',
        email: 'x',
      }),
    ).toMatchObject({ phone_number: [expect.any(String)], email: ['Enter a valid e-mail address.'] });
  });

  it('staff booking applies the spec defaults', () => {
    const booking = v.parse(staffBookingSchema, {
      customer: '1',
      vehicle: 2,
      start_date: '2026-01-01',
      end_date: '2026-01-03',
    });
    expect(booking).toMatchObject({
      pickup_time: '09:00',
      dropoff_time: '18:00',
      payment_method: 'cash',
      booking_status: 'pending',
      discount_amount: 0,
      booking_amount: null,
    });
    expect(v.safeParse(staffBookingSchema, { ...booking, booking_status: 'active' }).success).toBe(false);
  });

  it("counts a customer's age in whole years, a 29 February birthday on 1 March in other years", () => {
    expect(ageOn('2000-05-17', '2016-05-16')).toBe(15);
    expect(ageOn('2000-05-17', '2016-05-17')).toBe(16);
    expect(ageOn('2008-02-29', '2024-02-28')).toBe(15);
    expect(ageOn('2008-02-29', '2024-02-29')).toBe(16);
    expect(ageOn('2008-02-29', '2025-02-28')).toBe(16);
    expect(ageOn('2009-02-28', '2025-02-28')).toBe(16);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
  });
});
