import type { MultipartValue } from './client.ts';

let registrationCounter = 0;
/** The fields of a valid vehicle form, each time with a new registration number. */
export function vehicleForm(
  overrides: Record<string, MultipartValue | null> = {},
): Record<string, MultipartValue | null> {
  registrationCounter += 1;
  return {
    make: 'Skoda',
    model: 'Octavia',
    color: 'Grey',
    manufacture_year: '2021',
    mileage: '30000',
    mileage_allowance: '250',
    ownership: 'company',
    price_per_day: '55.5',
    deposit: '300',
    registration_number: `nx21 t${String(registrationCounter).padStart(2, '0')}`,
    next_service_date: '2027-01-15',
    ...overrides,
  };
}
