import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RatePlanView } from '#domain/api/rate-plan';
import { api } from '../../../lib/api-client.ts';
import { publicVehicleKeys } from '#app/lib/public-vehicle-keys';

/**
 * Under the public fleet's root, so refreshing the fleet refreshes the prices too; said here, not in
 * lib/public-vehicle-keys.ts, which loads with `/` (only the request forms read it).
 */
export const vehicleRatePlanKey = (vehicleId: number) => [...publicVehicleKeys.all, 'rate-plan', vehicleId] as const;

/**
 * GET public-vehicles/{id}/rate-plan/: the price list of the vehicle's agency. Kept on the device
 * like every query, so the request forms price a rental from it offline too.
 */
export const vehicleRatePlanQueryOptions = (vehicleId: number) =>
  queryOptions({
    queryKey: vehicleRatePlanKey(vehicleId),
    queryFn: ({ signal }) => api.get<RatePlanView>(`public-vehicles/${vehicleId}/rate-plan/`, signal),
  });

export function useVehicleRatePlan(vehicleId: number) {
  return useQuery(vehicleRatePlanQueryOptions(vehicleId));
}
