import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicVehicle } from '#domain/api/vehicles';
import { api } from '../../../lib/api-client.ts';

export type { PublicVehicle };

/** The server's largest page: the whole public fleet in one cached list, so search and filters work offline. */
const WHOLE_FLEET = 500;

export function listPublicVehicles(signal?: AbortSignal): Promise<PublicVehicle[]> {
  return api.get<PublicVehicle[]>(`public-vehicles/?limit=${WHOLE_FLEET}`, signal);
}

export const publicVehiclesQueryOptions = () =>
  queryOptions({
    queryKey: ['public-vehicles', 'list', { limit: WHOLE_FLEET }],
    queryFn: ({ signal }) => listPublicVehicles(signal),
  });

export function usePublicVehicles() {
  return useQuery(publicVehiclesQueryOptions());
}
