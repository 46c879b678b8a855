import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VehicleToday } from '#domain/api/vehicle-today';
import { localIsoDate } from '#domain/dates';
import { api } from '../../../lib/api-client.ts';
import { staffVehicleKeys } from '#app/lib/query-keys';

export type { VehicleToday };

/**
 * The today card of the vehicle labelled `code` on the desk's own day (GET vehicle-today/{code}/).
 * Under the fleet's key, so a new inspection, maintenance record or vehicle edit refreshes it.
 */
export const vehicleTodayQueryOptions = (code: string, date = localIsoDate()) =>
  queryOptions({
    queryKey: [...staffVehicleKeys.all, 'today', code, date] as const,
    queryFn: ({ signal }) => api.get<VehicleToday>(`vehicle-today/${encodeURIComponent(code)}/?date=${date}`, signal),
    // A card is opened at the car to act on it: always asked again, the kept copy shown meanwhile.
    staleTime: 0,
  });

export function useVehicleToday(code: string) {
  return useQuery(vehicleTodayQueryOptions(code));
}
