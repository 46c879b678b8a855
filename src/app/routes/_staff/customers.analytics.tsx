import { createFileRoute } from '@tanstack/react-router';
import { customerAnalyticsQueryOptions } from '../../features/customer-analytics/api/get-customer-analytics.ts';
import { CustomerAnalyticsPage } from '../../features/customer-analytics/components/customer-analytics-page.tsx';

/** `/customers/analytics`: the charts come with this route only (chart.js stays out of `/`). */
export const Route = createFileRoute('/_staff/customers/analytics')({
  // Not awaited: a cached copy (or the offline message) shows at once instead of waiting here.
  loader: ({ context }) => void context.queryClient.prefetchQuery(customerAnalyticsQueryOptions()),
  component: CustomerAnalyticsPage,
});
