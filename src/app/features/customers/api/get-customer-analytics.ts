import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerAnalytics } from '#domain/api/customers';
import { api } from '../../../lib/api-client.ts';
import { customerKeys } from '#app/lib/query-keys';

/** GET customers/{id}/analytics/: booking totals (an agency counts only its own bookings). */
export const customerAnalyticsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: customerKeys.analytics(id),
    queryFn: ({ signal }) => api.get<CustomerAnalytics>(`customers/${id}/analytics/`, signal),
  });

export function useCustomerAnalytics(id: number) {
  return useQuery(customerAnalyticsQueryOptions(id));
}
