import { useMutation } from '@tanstack/react-query';
import { downloadApiFile } from '../../../lib/download-file.ts';

/**
 * GET staff-vehicles/labels/: the QR labels of the chosen vehicles (none chosen: every vehicle in
 * service) as an A4 PDF, saved as the file the server names.
 */
export function labelsPath(vehicleIds: readonly number[]): string {
  const params = new URLSearchParams(vehicleIds.map((id) => ['vehicle', String(id)]));
  const query = params.toString();
  return query ? `staff-vehicles/labels/?${query}` : 'staff-vehicles/labels/';
}

export function useDownloadVehicleLabels() {
  return useMutation({
    mutationFn: (vehicleIds: readonly number[]) => downloadApiFile(labelsPath(vehicleIds), 'vehicle-labels.pdf'),
  });
}
