import { createFileRoute } from '@tanstack/react-router';
import { ownCustomerQueryOptions } from '../../features/customers/api/get-own-customer.ts';
import { bookingRequestQueryOptions } from '../../features/customer-bookings/api/get-booking-request.ts';
import { ConfirmBookingPage } from '../../features/customer-bookings/components/confirm-wizard/confirm-booking-page.tsx';
import { idParams } from '../-params.ts';

export const Route = createFileRoute('/_customer/customer/booking-requests/$requestId/confirm')({
  params: idParams('requestId'),
  loader: ({ context, params }) => {
    // Not awaited: the page shows its own loading, offline and not-found states.
    void context.queryClient.prefetchQuery(bookingRequestQueryOptions(params.requestId));
    void context.queryClient.prefetchQuery(ownCustomerQueryOptions());
  },
  component: ConfirmBookingRoute,
});

function ConfirmBookingRoute() {
  const { requestId } = Route.useParams();
  // Keyed by request: another request's wizard starts at step 1 with nothing of this one.
  return <ConfirmBookingPage key={requestId} requestId={requestId} />;
}
