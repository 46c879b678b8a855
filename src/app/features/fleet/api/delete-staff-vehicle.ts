import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { staffVehicleQueryOptions } from './get-staff-vehicle.ts';
import { invalidateFleet } from './invalidate-fleet.ts';

/** DELETE staff-vehicles/{id}/; the server refuses (409) while bookings or requests use the vehicle. */
export function useDeleteStaffVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`staff-vehicles/${id}/`),
    onSuccess: (_data, id) => {
      // The edit screen must not refetch the vehicle it just deleted.
      queryClient.removeQueries({ queryKey: staffVehicleQueryOptions(id).queryKey });
      return invalidateFleet(queryClient);
    },
  });
}
