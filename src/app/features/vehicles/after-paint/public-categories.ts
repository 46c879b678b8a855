import { queryOptions } from '@tanstack/react-query';
import { api } from '#app/lib/api-client';
import { publicVehicleKeys } from '#app/lib/public-vehicle-keys';
import { listPublicVehicles } from '../api/list-public-vehicles.ts';

/**
 * The category filter's two calls, loaded after the landing's first paint with the filter. Their
 * keys sit under the public fleet's, so whatever refreshes the fleet refreshes them too.
 */

/** GET public-vehicle-categories/: the names on offer, once each whatever their case (the server groups them). */
export const publicCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: [...publicVehicleKeys.all, 'categories'] as const,
    queryFn: async ({ signal }) => (await api.list<string>('public-vehicle-categories/?limit=500', signal)).items,
  });

/**
 * The ids of the vehicles GET public-vehicles/?category= lists for `name` (any case, one key per
 * name whatever its case). Kept with the cache, so a category seen once filters offline too.
 */
export const vehiclesInCategoryQueryOptions = (name: string) =>
  queryOptions({
    queryKey: [...publicVehicleKeys.all, 'category', name.toLowerCase()] as const,
    queryFn: async ({ signal }) =>
      (await listPublicVehicles(signal, `&category=${encodeURIComponent(name)}`)).map((vehicle) => vehicle.id),
  });
