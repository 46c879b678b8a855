import type * as v from 'valibot';
import type { VehicleCategoryView } from '#domain/api/rate-plan';
import type { vehicleCategorySchema } from '#domain/schemas/vehicle-category';
import { priceListQueryOptions, usePriceListWrites } from './price-list.ts';

export type { VehicleCategoryView };
export type VehicleCategoryBody = v.InferInput<typeof vehicleCategorySchema>;

/** GET vehicle-categories/: by name, each with its vehicles. */
export const vehicleCategoriesQueryOptions = () => priceListQueryOptions<VehicleCategoryView>('vehicle-categories');

/** POST, PUT and DELETE vehicle-categories/ (the owner). */
export const useVehicleCategoryWrites = () =>
  usePriceListWrites<VehicleCategoryView, VehicleCategoryBody>('vehicle-categories');
