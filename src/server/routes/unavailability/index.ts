import type { RouteRegistrar } from '../index.ts';
import { createUnavailabilityRoute } from './create-unavailability.ts';
import { deleteUnavailabilityRoute } from './delete-unavailability.ts';
import { listUnavailabilityRoute } from './list-unavailability.ts';
import { updateUnavailabilityRoute } from './update-unavailability.ts';

export const unavailabilityRoutes: RouteRegistrar[] = [
  listUnavailabilityRoute,
  createUnavailabilityRoute,
  updateUnavailabilityRoute,
  deleteUnavailabilityRoute,
];
