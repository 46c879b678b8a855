import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { customerKeys } from '#app/lib/query-keys';

/** SPEC §3 customer analytics; `totalSpent` is a decimal string. */
export interface CustomerAnalytics {
  totalBookings: number;
  totalSpent: string;
  totalMileage: number;
}

/** GET customers/{id}/analytics/: booking totals (an agency counts only its own bookings). */
export const customerAnalyticsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: customerKeys.analytics(id),
    queryFn: ({ signal }) => api.get<CustomerAnalytics>(`customers/${id}/analytics/`, signal),
  });

export function useCustomerAnalytics(id: number) {
  return useQuery(customerAnalyticsQueryOptions(id));
}
