import { describe, expect, it } from 'vitest';
import { appendFields, changedFields, EMPTY_VEHICLE, type VehicleFormValues } from './vehicle-form-values.ts';

const vehicle: VehicleFormValues = {
  ...EMPTY_VEHICLE,
  make: 'Toyota',
  model: 'Corolla',
  color: 'Blue',
  manufacture_year: '2022',
  registration_number: 'AB12 CDE',
  ownership: 'company',
  price_per_day: '45.00',
  deposit: '200.00',
  mileage: '12000',
  mileage_allowance: '200',
  next_service_date: '2027-03-01',
  agency_id: '1',
  pickup_locations: [3, 1],
};

describe('vehicle form values', () => {
  it('sees no change where only the spelling of a value differs', () => {
    expect(
      changedFields(vehicle, {
        ...vehicle,
        price_per_day: '45',
        registration_number: 'ab12 cde',
        make: ' Toyota ',
        pickup_locations: [1, 3],
      }),
    ).toEqual([]);
  });

  it('names the fields whose meaning changed, in form order', () => {
    expect(changedFields(vehicle, { ...vehicle, deposit: '250', color: 'Red', pickup_locations: [1] })).toEqual([
      'color',
      'deposit',
      'pickup_locations',
    ]);
  });

  it('repeats pickup locations, sends none as one blank value and leaves out an unset agency', () => {
    const form = new FormData();
    appendFields(form, { ...vehicle, agency_id: '' }, ['make', 'agency_id', 'pickup_locations']);
    expect([...form.entries()]).toEqual([
      ['make', 'Toyota'],
      ['pickup_locations', '3'],
      ['pickup_locations', '1'],
    ]);
    const none = new FormData();
    appendFields(none, { ...vehicle, pickup_locations: [] }, ['pickup_locations']);
    expect([...none.entries()]).toEqual([['pickup_locations', '']]);
  });
});
