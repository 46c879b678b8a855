import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicVehicle } from '#domain/api/vehicles';
import { ApiError, api } from '../../../lib/api-client.ts';
import { publicVehiclesQueryOptions } from '../../vehicles/api/list-public-vehicles.ts';

export const publicVehicleQueryOptions = (vehicleId: number) =>
  queryOptions({
    queryKey: ['public-vehicles', 'detail', vehicleId],
    queryFn: ({ signal }) => api.get<PublicVehicle>(`public-vehicles/${vehicleId}/`, signal),
  });

/**
 * One public vehicle for a request form: the server's copy when it answers, else the one in the
 * cached (persisted) fleet list, so a vehicle seen on the landing or the browse opens offline.
 * A 404 wins over the cached copy: the vehicle is no longer offered.
 */
export function usePublicVehicle(vehicleId: number) {
  const detail = useQuery(publicVehicleQueryOptions(vehicleId));
  // Reads the cached list only; the browse screens are the ones that fetch it.
  const list = useQuery({ ...publicVehiclesQueryOptions(), enabled: false });
  const notFound = detail.error instanceof ApiError && detail.error.status === 404;
  const vehicle = notFound ? undefined : (detail.data ?? list.data?.find((candidate) => candidate.id === vehicleId));
  return { vehicle, notFound, query: detail };
}
