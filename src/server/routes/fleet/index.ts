import type { RouteRegistrar } from '../index.ts';
import { createStaffVehicleRoute } from './create-staff-vehicle.ts';
import { deleteStaffVehicleRoute } from './delete-staff-vehicle.ts';
import { getPublicVehicleRoute } from './get-public-vehicle.ts';
import { getStaffVehicleRoute } from './get-staff-vehicle.ts';
import { getVehicleLabelsRoute } from './get-vehicle-labels.ts';
import { getVehicleTodayRoute } from './get-vehicle-today.ts';
import { listAgenciesRoute } from './list-agencies.ts';
import { listAgentLocationsRoute } from './list-agent-locations.ts';
import { listPublicVehiclesRoute } from './list-public-vehicles.ts';
import { listStaffVehiclesRoute } from './list-staff-vehicles.ts';
import { reinstateStaffVehicleRoute } from './reinstate-staff-vehicle.ts';
import { retireStaffVehicleRoute } from './retire-staff-vehicle.ts';
import { listVehicleBookingsRoute } from './list-vehicle-bookings.ts';
import { updateStaffVehicleRoute } from './update-staff-vehicle.ts';

export const fleetRoutes: RouteRegistrar[] = [
  listStaffVehiclesRoute,
  getVehicleLabelsRoute,
  getVehicleTodayRoute,
  getStaffVehicleRoute,
  listVehicleBookingsRoute,
  createStaffVehicleRoute,
  updateStaffVehicleRoute,
  deleteStaffVehicleRoute,
  retireStaffVehicleRoute,
  reinstateStaffVehicleRoute,
  listAgentLocationsRoute,
  listAgenciesRoute,
  listPublicVehiclesRoute,
  getPublicVehicleRoute,
];
