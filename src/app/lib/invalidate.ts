import type { QueryClient } from '@tanstack/react-query';
import { deskKeys } from './query-keys.ts';

/** After a write the dashboard counts (a booking, a request, a vehicle, a maintenance record): its day reads again. */
export function invalidateDesk(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: deskKeys.all });
}
