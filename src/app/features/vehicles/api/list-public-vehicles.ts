import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicVehicle } from '#domain/api/vehicles';
import { api } from '../../../lib/api-client.ts';
import { publicVehicleKeys } from '#app/lib/public-vehicle-keys';

export type { PublicVehicle };

/** The server's largest page. */
const WHOLE_FLEET = 500;

/**
 * The whole public fleet as one cached list, so search and filters work offline: one request for
 * any fleet up to the server's largest page, and the next pages after it for a larger one.
 * `filter` narrows it on the server (e.g. `&available_from=…&available_to=…`).
 */
export async function listPublicVehicles(signal?: AbortSignal, filter = ''): Promise<PublicVehicle[]> {
  const vehicles: PublicVehicle[] = [];
  for (;;) {
    const offset = vehicles.length ? `&offset=${vehicles.length}` : '';
    const page = await api.list<PublicVehicle>(`public-vehicles/?limit=${WHOLE_FLEET}${offset}${filter}`, signal);
    vehicles.push(...page.items);
    if (page.items.length < WHOLE_FLEET || vehicles.length >= page.total) return vehicles;
  }
}

export const publicVehiclesQueryOptions = () =>
  queryOptions({
    queryKey: publicVehicleKeys.list(WHOLE_FLEET),
    queryFn: ({ signal }) => listPublicVehicles(signal),
  });

export function usePublicVehicles() {
  return useQuery(publicVehiclesQueryOptions());
}
