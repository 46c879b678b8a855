import type { QueryClient } from '@tanstack/react-query';
import { STAFF_DASHBOARD_KEY } from '../../staff-dashboard/api/get-desk-summary.ts';
import { publicVehiclesQueryOptions } from '../../vehicles/api/list-public-vehicles.ts';
import { STAFF_VEHICLES_KEY } from './list-staff-vehicles.ts';

/** After any vehicle write: the staff lists and details, the public list the landing shows, the dashboard. */
export function invalidateFleet(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: STAFF_VEHICLES_KEY }),
    queryClient.invalidateQueries({ queryKey: publicVehiclesQueryOptions().queryKey }),
    // The dashboard counts the fleet.
    queryClient.invalidateQueries({ queryKey: STAFF_DASHBOARD_KEY }),
  ]).then(() => undefined);
}
