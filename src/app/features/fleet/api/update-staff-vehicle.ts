import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffVehicle } from '#domain/api/vehicles';
import { staffVehicleKeys } from '#app/lib/query-keys';
import { apiUpload, type UploadProgress } from '../../../lib/upload.ts';
import { invalidateFleet } from './invalidate-fleet.ts';

export interface UpdateVehicleVariables {
  id: number;
  /** Changed fields, new `images`, `deleted_images` (a JSON list of image ids). */
  form: FormData;
  onProgress: UploadProgress;
}

/** PATCH staff-vehicles/{id}/ (multipart). */
export function useUpdateStaffVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, form, onProgress }: UpdateVehicleVariables) =>
      (await apiUpload<StaffVehicle>('PATCH', `staff-vehicles/${id}/`, form, onProgress)).data,
    onSuccess: (vehicle) => {
      // The saved vehicle at once: Edit reopened (or a reload from the kept cache) starts from it, not the old copy.
      queryClient.setQueryData(staffVehicleKeys.detail(vehicle.id), vehicle);
      return invalidateFleet(queryClient);
    },
  });
}
