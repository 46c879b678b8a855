import type { RouteRegistrar } from '../index.ts';
import { createMaintenanceRoute } from './create-maintenance.ts';
import { deleteMaintenanceRoute } from './delete-maintenance.ts';
import { listMaintenanceRoute } from './list-maintenance.ts';
import { maintenanceTotalsRoute } from './maintenance-totals.ts';
import { updateMaintenanceRoute } from './update-maintenance.ts';

export const maintenanceRoutes: RouteRegistrar[] = [
  listMaintenanceRoute,
  maintenanceTotalsRoute,
  createMaintenanceRoute,
  updateMaintenanceRoute,
  deleteMaintenanceRoute,
];
