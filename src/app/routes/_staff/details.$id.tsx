import { createFileRoute } from '@tanstack/react-router';
import { customerAnalyticsQueryOptions } from '../../features/customers/api/get-customer-analytics.ts';
import { customerQueryOptions } from '../../features/customers/api/get-customer.ts';
import { customerBookingsQueryOptions } from '../../features/customers/api/list-customer-bookings.ts';
import { CustomerDetailsPage } from '../../features/customers/components/customer-details-page.tsx';
import { idParams } from '../-params.ts';

export const Route = createFileRoute('/_staff/details/$id')({
  params: idParams('id'),
  // Not awaited: the page shows its own loading, offline and not-found states.
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(customerQueryOptions(params.id));
    void context.queryClient.prefetchQuery(customerAnalyticsQueryOptions(params.id));
    void context.queryClient.prefetchInfiniteQuery(customerBookingsQueryOptions(params.id));
  },
  component: CustomerDetailsRoute,
});

function CustomerDetailsRoute() {
  const { id } = Route.useParams();
  return <CustomerDetailsPage key={id} id={id} />;
}
