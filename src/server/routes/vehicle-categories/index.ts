import type { RouteRegistrar } from '../index.ts';
import { createVehicleCategoryRoute } from './create-vehicle-category.ts';
import { deleteVehicleCategoryRoute } from './delete-vehicle-category.ts';
import { listPublicVehicleCategoriesRoute } from './list-public-vehicle-categories.ts';
import { listVehicleCategoriesRoute } from './list-vehicle-categories.ts';
import { updateVehicleCategoryRoute } from './update-vehicle-category.ts';

export const vehicleCategoriesRoutes: RouteRegistrar[] = [
  listVehicleCategoriesRoute,
  createVehicleCategoryRoute,
  updateVehicleCategoryRoute,
  deleteVehicleCategoryRoute,
  listPublicVehicleCategoriesRoute,
];
