import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerAnalyticsOverview } from '#domain/api/customer-analytics';
import { customerAnalyticsKeys } from '#app/lib/query-keys';
import { api } from '../../../lib/api-client.ts';

export type { CustomerAnalyticsOverview };

/** The analytics screen's figures (GET customer-analytics/), computed by the server for the caller's agency. */
export const customerAnalyticsQueryOptions = () =>
  queryOptions({
    queryKey: customerAnalyticsKeys.all,
    queryFn: ({ signal }) => api.get<CustomerAnalyticsOverview>('customer-analytics/', signal),
  });

export function useCustomerAnalytics() {
  return useQuery(customerAnalyticsQueryOptions());
}
