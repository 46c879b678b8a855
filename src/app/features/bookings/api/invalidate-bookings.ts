import type { QueryClient } from '@tanstack/react-query';
import { bookingKeys, customerAnalyticsKeys, customerKeys, deskKeys } from '#app/lib/query-keys';

/**
 * What a booking write changes: every booking list (the planner among them), the customers'
 * details (totals, history, last booking), the analytics and the dashboard's day.
 */
export const BOOKING_WRITE_KEYS = [bookingKeys.all, customerKeys.all, customerAnalyticsKeys.all, deskKeys.all] as const;

/**
 * After a booking is made or changed: screens on view refetch what BOOKING_WRITE_KEYS names; the
 * others are marked stale and refetch when opened.
 */
export function invalidateAfterBooking(queryClient: QueryClient): Promise<void> {
  return Promise.all(BOOKING_WRITE_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(
    () => undefined,
  );
}
