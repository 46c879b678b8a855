import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffVehicle } from '#domain/api/vehicles';
import { api } from '../../../lib/api-client.ts';
import { STAFF_BOOKINGS_KEY } from './staff-bookings-key.ts';

/** The server's largest page of the fleet list. */
const FLEET_PAGE = 500;
const SHOWN = 20;

/** "Toyota Corolla (AB12 CDE)": how staff recognise a vehicle (SPEC §2). */
export function vehicleLabel(vehicle: { make: string; model: string; registration_number: string }): string {
  return `${vehicle.make} ${vehicle.model} (${vehicle.registration_number})`;
}

function matches(vehicle: StaffVehicle, words: string[]): boolean {
  const label = vehicleLabel(vehicle).toLowerCase();
  return words.every((word) => label.includes(word));
}

/**
 * The caller's vehicles matching a search (GET staff-vehicles/?search=). The text is also matched
 * here on make, model and registration, so the chooser stays right whether or not the server
 * narrows the page itself (it answers the first 500 of the fleet when it does not).
 */
export const vehicleChoicesQueryOptions = (search: string) =>
  queryOptions({
    queryKey: [...STAFF_BOOKINGS_KEY, 'vehicle-choices', { search }],
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams({ limit: String(FLEET_PAGE) });
      if (search) params.set('search', search);
      const page = await api.list<StaffVehicle>(`staff-vehicles/?${params.toString()}`, signal);
      const words = search.toLowerCase().split(/\s+/).filter(Boolean);
      const found = page.items.filter((vehicle) => matches(vehicle, words));
      return { items: found.slice(0, SHOWN), total: found.length };
    },
    staleTime: 30_000,
  });

export function useVehicleChoices(search: string, enabled: boolean) {
  return useQuery({ ...vehicleChoicesQueryOptions(search), enabled, placeholderData: keepPreviousData });
}
