import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PickupLocationView, PublicVehicle, PublicVehicleDetail } from '#domain/api/vehicles';
import { ApiError, api } from '../../../lib/api-client.ts';
import { publicVehicleKeys } from '#app/lib/public-vehicle-keys';
import { publicVehiclesQueryOptions } from '../../vehicles/index.ts';

/**
 * A vehicle as the request screens and the vehicle page know it: the full reply of its own call,
 * or the list's copy (no addresses, no agency contact) when only the list was seen on this device.
 */
export type ShownVehicle = Omit<PublicVehicle, 'pickup_locations'> &
  Partial<Pick<PublicVehicleDetail, 'agency_phone' | 'agency_email'>> & {
    pickup_locations: ShownPickup[];
  };

/** A pickup location; its address once the vehicle's own call has answered. */
export type ShownPickup = PickupLocationView & { address?: string };

export const publicVehicleQueryOptions = (vehicleId: number) =>
  queryOptions({
    queryKey: publicVehicleKeys.detail(vehicleId),
    queryFn: ({ signal }) => api.get<PublicVehicleDetail>(`public-vehicles/${vehicleId}/`, signal),
  });

/**
 * One public vehicle for its page and the request forms: the server's copy when it answers (kept
 * on the device like every query), else the one in the cached fleet list, so a vehicle seen on the
 * landing or the browse opens offline. A 404 wins over the cached copy: the vehicle is no longer offered.
 */
export function usePublicVehicle(vehicleId: number) {
  const detail = useQuery(publicVehicleQueryOptions(vehicleId));
  // Reads the cached list only; the browse screens are the ones that fetch it.
  const list = useQuery({ ...publicVehiclesQueryOptions(), enabled: false });
  const notFound = detail.error instanceof ApiError && detail.error.status === 404;
  const vehicle: ShownVehicle | undefined = notFound
    ? undefined
    : (detail.data ?? list.data?.find((candidate) => candidate.id === vehicleId));
  return { vehicle, notFound, query: detail };
}
