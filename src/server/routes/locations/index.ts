import type { RouteRegistrar } from '../index.ts';
import { createLocationRoute } from './create-location.ts';
import { deleteLocationRoute } from './delete-location.ts';
import { listLocationsRoute } from './list-locations.ts';
import { updateLocationRoute } from './update-location.ts';

export const locationsRoutes: RouteRegistrar[] = [
  listLocationsRoute,
  createLocationRoute,
  updateLocationRoute,
  deleteLocationRoute,
];
