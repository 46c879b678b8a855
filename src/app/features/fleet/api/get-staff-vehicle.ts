import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffVehicle } from '#domain/api/vehicles';
import { api } from '../../../lib/api-client.ts';
import { staffVehicleKeys } from '#app/lib/query-keys';

/** One vehicle of the caller's fleet (GET staff-vehicles/{id}/); another agency's is a 404. */
export const staffVehicleQueryOptions = (id: number) =>
  queryOptions({
    queryKey: staffVehicleKeys.detail(id),
    queryFn: ({ signal }) => api.get<StaffVehicle>(`staff-vehicles/${id}/`, signal),
  });

export function useStaffVehicle(id: number) {
  return useQuery(staffVehicleQueryOptions(id));
}
