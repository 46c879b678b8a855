import type { Ownership } from '#domain/constants';
import type { VehicleSummary } from './types.ts';

export type OwnershipFilter = 'all' | Ownership;

export interface VehicleFilter {
  search: string;
  ownership: OwnershipFilter;
}

export const NO_FILTER: VehicleFilter = { search: '', ownership: 'all' };

type Filterable = Pick<VehicleSummary, 'make' | 'model' | 'color' | 'ownership'>;

/**
 * The vehicles whose make, model or colour contains the search (case-insensitive, surrounding
 * spaces ignored) and whose ownership matches. "Toyota Yaris" also finds the Yaris, as people
 * type the name they read on the card. Runs on the cached list, so it works offline.
 */
export function filterVehicles<T extends Filterable>(vehicles: readonly T[], filter: VehicleFilter): T[] {
  const needle = filter.search.trim().toLocaleLowerCase();
  return vehicles.filter(
    (vehicle) =>
      (filter.ownership === 'all' || vehicle.ownership === filter.ownership) &&
      (needle === '' ||
        [vehicle.make, vehicle.model, vehicle.color, `${vehicle.make} ${vehicle.model}`].some((field) =>
          field.toLocaleLowerCase().includes(needle),
        )),
  );
}

/**
 * Whether a vehicle's category is `name`, whatever the case: how GET public-vehicles/?category=
 * matches, read from the cached list until (or unless, offline) the server has answered.
 */
export function inCategory(vehicle: Pick<VehicleSummary, 'category'>, name: string): boolean {
  return vehicle.category?.toLowerCase() === name.toLowerCase();
}
