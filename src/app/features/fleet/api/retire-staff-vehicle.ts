import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffVehicle } from '#domain/api/vehicles';
import { api } from '../../../lib/api-client.ts';
import { staffVehicleQueryOptions } from './get-staff-vehicle.ts';
import { invalidateFleet } from './invalidate-fleet.ts';

/**
 * POST staff-vehicles/{id}/retire/ or …/reinstate/: a retired vehicle leaves the public list and
 * the pickers, its history stays; reinstating ("Return to service") brings it back.
 */
export function useSetVehicleRetired() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, retired }: { id: number; retired: boolean }) =>
      api.post<StaffVehicle>(`staff-vehicles/${id}/${retired ? 'retire' : 'reinstate'}/`),
    onSuccess: (vehicle) => {
      queryClient.setQueryData(staffVehicleQueryOptions(vehicle.id).queryKey, vehicle);
      return invalidateFleet(queryClient);
    },
  });
}
