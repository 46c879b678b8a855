import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffVehicle } from '#domain/api/vehicles';
import { api } from '../../../lib/api-client.ts';
import { bookingKeys } from '#app/lib/query-keys';

/** One vehicle of the fleet (GET staff-vehicles/{id}/): its price and deposit price a booking. */
export const vehicleChoiceQueryOptions = (vehicleId: number) =>
  queryOptions({
    queryKey: bookingKeys.vehicleChoice(vehicleId),
    queryFn: ({ signal }) => api.get<StaffVehicle>(`staff-vehicles/${vehicleId}/`, signal),
  });

export function useVehicleChoice(vehicleId: number | undefined) {
  return useQuery({ ...vehicleChoiceQueryOptions(vehicleId ?? 0), enabled: vehicleId !== undefined });
}
