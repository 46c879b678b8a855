import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffVehicle } from '#domain/api/vehicles';
import { api } from '../../../lib/api-client.ts';
import { STAFF_BOOKINGS_KEY } from './staff-bookings-key.ts';

/** One vehicle of the fleet (GET staff-vehicles/{id}/): its price and deposit price a booking. */
export const vehicleChoiceQueryOptions = (vehicleId: number) =>
  queryOptions({
    queryKey: [...STAFF_BOOKINGS_KEY, 'vehicle-choice', vehicleId],
    queryFn: ({ signal }) => api.get<StaffVehicle>(`staff-vehicles/${vehicleId}/`, signal),
  });

export function useVehicleChoice(vehicleId: number | undefined) {
  return useQuery({ ...vehicleChoiceQueryOptions(vehicleId ?? 0), enabled: vehicleId !== undefined });
}
