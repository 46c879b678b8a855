import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Ownership } from '#domain/constants';
import { api } from '../../../lib/api-client.ts';
import type { PickupLocation, VehicleImage } from '../types.ts';

/** A vehicle as anyone may see it (GET public-vehicles/). */
export interface PublicVehicle {
  id: number;
  make: string;
  model: string;
  color: string;
  manufacture_year: number;
  mileage: number;
  mileage_allowance: number;
  ownership: Ownership;
  price_per_day: string;
  deposit: string;
  main_image: string | null;
  images: VehicleImage[];
  pickup_locations: PickupLocation[];
  agency_name: string;
  agency_logo: string | null;
}

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
