import type { QueryClient } from '@tanstack/react-query';
import { customerAnalyticsQueryOptions } from '../../customer-analytics/api/get-customer-analytics.ts';
import { CUSTOMERS_KEY } from '../../customers/api/list-customers.ts';
import { STAFF_DASHBOARD_KEY } from '../../staff-dashboard/api/get-desk-summary.ts';
import { ALL_BOOKINGS_KEY } from './staff-bookings-key.ts';

/**
 * After a booking is made or changed: every booking list, the customers' details (totals, history,
 * last booking), the analytics and the dashboard's day. Screens on view refetch; the others are
 * marked stale and refetch when opened.
 */
export function invalidateAfterBooking(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    [ALL_BOOKINGS_KEY, CUSTOMERS_KEY, customerAnalyticsQueryOptions().queryKey, STAFF_DASHBOARD_KEY].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  ).then(() => undefined);
}
