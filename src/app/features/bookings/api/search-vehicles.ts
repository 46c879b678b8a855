import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffVehicle } from '#domain/api/vehicles';
import { api } from '../../../lib/api-client.ts';
import { bookingKeys } from '#app/lib/query-keys';

/** How many matches the chooser shows; the server counts the rest. */
const SHOWN = 20;

/**
 * The caller's vehicles matching a search (GET staff-vehicles/?search=): the server finds every
 * word in the make, model, colour or registration, so a fleet of any size is searched whole.
 */
export const vehicleChoicesQueryOptions = (search: string) =>
  queryOptions({
    queryKey: bookingKeys.vehicleChoices(search),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ limit: String(SHOWN) });
      if (search) params.set('search', search);
      return api.list<StaffVehicle>(`staff-vehicles/?${params.toString()}`, signal);
    },
    staleTime: 30_000,
  });

export function useVehicleChoices(search: string, enabled: boolean) {
  return useQuery({ ...vehicleChoicesQueryOptions(search), enabled, placeholderData: keepPreviousData });
}
