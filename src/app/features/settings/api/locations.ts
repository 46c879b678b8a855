import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PickupLocation } from '#domain/api/locations';
import type { LocationFormInput } from '#domain/schemas/location';
import { api } from '../../../lib/api-client.ts';

export type { PickupLocation };

/** An agency's pickup locations fit one page (the server allows 500). */
const LOCATIONS_LIMIT = 500;

export const locationsQueryOptions = () =>
  queryOptions({
    queryKey: ['pickup-locations'],
    queryFn: ({ signal }) => api.list<PickupLocation>(`locations/?limit=${LOCATIONS_LIMIT}`, signal),
  });

/** Add, edit and remove, online only; each refreshes the list (and the vehicle form's choices). */
export function useLocationWrites() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: locationsQueryOptions().queryKey });
  return {
    add: useMutation({
      mutationFn: (location: LocationFormInput) => api.post<PickupLocation>('locations/', location),
      onSuccess: refresh,
    }),
    edit: useMutation({
      mutationFn: ({ id, changes }: { id: number; changes: Partial<LocationFormInput> }) =>
        api.patch<PickupLocation>(`locations/${id}/`, changes),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api.delete(`locations/${id}/`),
      onSuccess: refresh,
    }),
  };
}
