import type { QueryClient } from '@tanstack/react-query';
import { bookingKeys, customerAnalyticsKeys, customerKeys, deskKeys } from '#app/lib/query-keys';

/**
 * After a booking is made or changed: every booking list, the customers' details (totals, history,
 * last booking), the analytics and the dashboard's day. Screens on view refetch; the others are
 * marked stale and refetch when opened.
 */
export function invalidateAfterBooking(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    [bookingKeys.all, customerKeys.all, customerAnalyticsKeys.all, deskKeys.all].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  ).then(() => undefined);
}
