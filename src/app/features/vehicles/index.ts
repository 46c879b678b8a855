/**
 * What other features use of the public vehicles: the cached public list, and the card, grid and
 * filters the fleet screen shows its vehicles with.
 */
export { publicVehiclesQueryOptions, type PublicVehicle } from './api/list-public-vehicles.ts';
export { VehicleCard } from './components/vehicle-card.tsx';
export { VehicleFilters } from './components/vehicle-filters.tsx';
export { EAGER_CARDS, VehicleGrid } from './components/vehicle-grid.tsx';
export { NO_FILTER, type VehicleFilter } from './filter-vehicles.ts';
