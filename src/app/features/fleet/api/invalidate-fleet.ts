import type { QueryClient } from '@tanstack/react-query';
import { publicVehiclesQueryOptions } from '../../vehicles/api/list-public-vehicles.ts';
import { STAFF_VEHICLES_KEY } from './list-staff-vehicles.ts';

/** After any vehicle write: the staff lists and details, and the public list the landing shows. */
export function invalidateFleet(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: STAFF_VEHICLES_KEY }),
    queryClient.invalidateQueries({ queryKey: publicVehiclesQueryOptions().queryKey }),
  ]).then(() => undefined);
}
