import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffVehicle } from '#domain/api/vehicles';
import { apiUpload, type UploadProgress } from '../../../lib/upload.ts';
import { invalidateFleet } from './invalidate-fleet.ts';

export interface CreateVehicleVariables {
  /** The vehicle fields, `pickup_locations` and `image_uploads` repeated. */
  form: FormData;
  onProgress: UploadProgress;
}

/** POST staff-vehicles/ (multipart). Not outbox-backed: the form stays filled when offline. */
export function useCreateStaffVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ form, onProgress }: CreateVehicleVariables) =>
      (await apiUpload<StaffVehicle>('POST', 'staff-vehicles/', form, onProgress)).data,
    onSuccess: () => invalidateFleet(queryClient),
  });
}
