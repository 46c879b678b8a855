import type { QueryClient } from '@tanstack/react-query';
import { invalidateDesk } from '#app/lib/invalidate';
import { publicVehicleKeys } from '#app/lib/public-vehicle-keys';
import { staffVehicleKeys } from '#app/lib/query-keys';
import { rateKeys } from '../../rates/index.ts';

/**
 * After any vehicle write: the staff lists and details, the public list the landing shows, the
 * dashboard, and the categories (each counts its vehicles).
 */
export function invalidateFleet(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: staffVehicleKeys.all }),
    queryClient.invalidateQueries({ queryKey: publicVehicleKeys.all }),
    // The dashboard counts the fleet.
    invalidateDesk(queryClient),
    queryClient.invalidateQueries({ queryKey: rateKeys.list('vehicle-categories') }),
  ]).then(() => undefined);
}
