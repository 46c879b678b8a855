import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { ApiCustomer } from '#domain/api/customers';
import { LICENSE_MAX_BYTES } from '#domain/constants';
import type { OutboxEntry, OutboxState } from '../../offline/outbox.ts';
import { IMAGE_ONLY, licenseFileProblem, ownCustomerEditRequest, TOO_LARGE } from '../customers/index.ts';
import {
  applyEdit,
  changedFields,
  pendingEdits,
  pendingLicense,
  profileFormSchema,
  profileValues,
  withPendingEdits,
  withoutUntouchedBlanks,
} from './profile-values.ts';

const customer: ApiCustomer = {
  id: 7,
  title: 'MR',
  first_name: 'Robin',
  last_name: 'Settings',
  phone_number: '+44 7700 900700',
  email: 'robin@example.com',
  national_id: null,
  street_address: '1 High Street',
  address_line2: null,
  city: 'Leeds',
  country: 'United Kingdom',
  drivers_license: '/api/customers/7/drivers_license/',
  drivers_license_type: 'image/webp',
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
  agency_id: null,
  has_account: true,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-02T00:00:00.000Z',
  last_booking_date: null,
};

function entry(edit: Parameters<typeof ownCustomerEditRequest>[0], state: OutboxState = 'waiting'): OutboxEntry {
  const request = ownCustomerEditRequest(edit);
  return {
    id: `id-${Math.random()}`,
    kind: request.kind,
    target: request.target,
    label: request.label,
    state,
    attempts: 0,
    nextAttemptAt: 0,
    lastError: null,
    errorFields: null,
    createdAt: 0,
    seq: 0,
    version: 1,
    userId: 1,
    request,
  };
}

describe('profile values', () => {
  it('shows every field as text, blank where the server has nothing', () => {
    const values = profileValues(customer);
    expect(values.first_name).toBe('Robin');
    expect(values.national_id).toBe('');
    expect(values).not.toHaveProperty('title');
    expect(values).not.toHaveProperty('drivers_license');
  });

  it('lays pending edits over the server copy, oldest first, and ignores refused ones', () => {
    const entries = [
      entry({ fields: { city: 'York', first_name: 'Robyn' }, label: 'a' }),
      entry({ fields: { city: 'Bath' }, label: 'b' }),
      entry({ fields: { city: 'Refused' }, label: 'c' }, 'attention'),
    ];
    const pending = pendingEdits(entries);
    expect(pending).toHaveLength(2);
    const values = withPendingEdits(profileValues(customer), pending);
    expect(values).toMatchObject({ city: 'Bath', first_name: 'Robyn', last_name: 'Settings' });
  });

  it('tells what the newest pending edit does with the license', () => {
    const file = new Blob(['x'], { type: 'image/png' });
    expect(pendingLicense([entry({ fields: { city: 'York' }, label: 'a' })])).toBeNull();
    expect(pendingLicense([entry({ license: file, label: 'a' })])).toEqual({ kind: 'replace', file });
    expect(pendingLicense([entry({ license: file, label: 'a' }), entry({ license: null, label: 'b' })])).toEqual({
      kind: 'remove',
    });
  });

  it('sends only the fields that changed, normalised as the server stores them', () => {
    const baseline = profileValues(customer);
    const output = v.parse(profileFormSchema, {
      ...baseline,
      national_id: 'NI-1',
      email: ' Robin@Example.com ',
      city: 'York ',
      address_line2: '   ',
      next_of_kin1_first_name: 'Sam',
    });
    expect(changedFields(output, baseline)).toEqual({
      national_id: 'NI-1',
      city: 'York',
      next_of_kin1_first_name: 'Sam',
    });
    const withFlat = { ...baseline, address_line2: 'Flat 2' };
    const cleared = v.parse(profileFormSchema, withoutUntouchedBlanks(baseline, withFlat));
    expect(changedFields(cleared, withFlat)).toEqual({ address_line2: '' });
  });

  it('checks only fields that are filled in or had a value', () => {
    const baseline = profileValues(customer);
    // National ID was never given: left blank it is not checked, nor sent.
    const untouched = withoutUntouchedBlanks({ ...baseline, phone_number: '+44 7700 900701' }, baseline);
    expect(untouched).not.toHaveProperty('national_id');
    const output = v.parse(profileFormSchema, untouched);
    expect(changedFields(output, baseline)).toEqual({ phone_number: '+44 7700 900701' });
    // A required field that had a value cannot be cleared.
    const clearedCity = v.safeParse(profileFormSchema, withoutUntouchedBlanks({ ...baseline, city: ' ' }, baseline));
    expect(clearedCity.success).toBe(false);
    expect(clearedCity.issues?.[0]?.message).toBe('City is required.');
  });

  it('applies a saved edit to the cached record', () => {
    const next = applyEdit(customer, { city: 'York', address_line2: '', next_of_kin2_first_name: 'Alex' }, true);
    expect(next).toMatchObject({
      city: 'York',
      address_line2: null,
      next_of_kin2_first_name: 'Alex',
      next_of_kin_2: true,
      drivers_license: null,
      drivers_license_type: null,
    });
    expect(customer.city).toBe('Leeds');
  });
});

describe('license checks', () => {
  it('takes an image up to 5 MB and refuses others with the spec’s words', () => {
    expect(licenseFileProblem(new Blob(['x'], { type: 'image/png' }))).toBeNull();
    expect(licenseFileProblem(new Blob(['x'], { type: 'application/pdf' }))).toBe(IMAGE_ONLY);
    expect(licenseFileProblem(new Blob(['x'], { type: '' }))).toBe(IMAGE_ONLY);
    expect(licenseFileProblem(new Blob([new Uint8Array(LICENSE_MAX_BYTES)], { type: 'image/jpeg' }))).toBeNull();
    expect(licenseFileProblem(new Blob([new Uint8Array(LICENSE_MAX_BYTES + 1)], { type: 'image/jpeg' }))).toBe(
      TOO_LARGE,
    );
  });
});

describe('the dates asked for with the license (issue 21)', () => {
  it('sends a new date of birth and license expiry, and a cleared one blank', () => {
    const baseline = profileValues({ ...customer, license_expiry: '2030-05-31' });
    const output = v.parse(
      profileFormSchema,
      withoutUntouchedBlanks({ ...baseline, date_of_birth: '1990-03-14', license_expiry: '' }, baseline),
    );
    const changes = changedFields(output, baseline);
    expect(changes).toEqual({ date_of_birth: '1990-03-14', license_expiry: '' });
    const shown = applyEdit({ ...customer, license_expiry: '2030-05-31' }, changes, false);
    expect(shown.date_of_birth).toBe('1990-03-14');
    expect(shown.license_expiry).toBeNull();
  });

  it('refuses a birth date in the future with the schema message', () => {
    const result = v.safeParse(profileFormSchema, { date_of_birth: '2999-01-01' });
    expect(result.success).toBe(false);
    expect(result.issues?.[0]?.message).toBe('Date of birth must be in the past.');
  });
});
