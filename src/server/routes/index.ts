import type { FastifyInstance } from 'fastify';
import { agreementsRoutes } from './agreements/index.ts';
import { bookingsRoutes } from './bookings/index.ts';
import { customersRoutes } from './customers/index.ts';
import { deskRoutes } from './desk/index.ts';
import { extrasRoutes } from './extras/index.ts';
import { fleetRoutes } from './fleet/index.ts';
import { health, settings } from './health.ts';
import { inspectionsRoutes } from './inspections/index.ts';
import { invoicesRoutes } from './invoices/index.ts';
import { lengthTiersRoutes } from './length-tiers/index.ts';
import { locationsRoutes } from './locations/index.ts';
import { maintenanceRoutes } from './maintenance/index.ts';
import { oneWayFeesRoutes } from './one-way-fees/index.ts';
import { paymentsRoutes } from './payments/index.ts';
import { plannerRoutes } from './planner/index.ts';
import { quotesRoutes } from './quotes/index.ts';
import { ratePlanRoutes } from './rate-plan/index.ts';
import { returnChargesRoutes } from './return-charges/index.ts';
import { seasonsRoutes } from './seasons/index.ts';
import { sessionRoutes } from './session/index.ts';
import { suppliersRoutes } from './suppliers/index.ts';
import { teamRoutes } from './team/index.ts';
import { unavailabilityRoutes } from './unavailability/index.ts';
import { vehicleCategoriesRoutes } from './vehicle-categories/index.ts';

export type RouteRegistrar = (app: FastifyInstance) => void;

/** Every API operation of SPEC §7, one file each, grouped by area. */
export function registerRoutes(app: FastifyInstance): void {
  for (const register of [
    health,
    settings,
    ...sessionRoutes,
    ...fleetRoutes,
    ...customersRoutes,
    ...bookingsRoutes,
    ...deskRoutes,
    ...teamRoutes,
    ...locationsRoutes,
    ...unavailabilityRoutes,
    ...plannerRoutes,
    ...maintenanceRoutes,
    ...suppliersRoutes,
    ...inspectionsRoutes,
    ...paymentsRoutes,
    ...invoicesRoutes,
    ...ratePlanRoutes,
    ...vehicleCategoriesRoutes,
    ...seasonsRoutes,
    ...lengthTiersRoutes,
    ...extrasRoutes,
    ...oneWayFeesRoutes,
    ...quotesRoutes,
    ...agreementsRoutes,
    ...returnChargesRoutes,
  ]) {
    register(app);
  }
}
