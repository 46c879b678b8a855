import type { QueryClient } from '@tanstack/react-query';
import { invalidateDesk } from '../../../lib/invalidate.ts';
import { publicVehicleKeys, staffVehicleKeys } from '../../../lib/query-keys.ts';

/** After any vehicle write: the staff lists and details, the public list the landing shows, the dashboard. */
export function invalidateFleet(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: staffVehicleKeys.all }),
    queryClient.invalidateQueries({ queryKey: publicVehicleKeys.all }),
    // The dashboard counts the fleet.
    invalidateDesk(queryClient),
  ]).then(() => undefined);
}
