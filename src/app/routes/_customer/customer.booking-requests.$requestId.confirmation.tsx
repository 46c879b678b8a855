import { createFileRoute } from '@tanstack/react-router';
import { bookingRequestQueryOptions } from '../../features/customer-bookings/api/get-booking-request.ts';
import { RequestConfirmationRedirect } from '../../features/customer-bookings/components/request-confirmation-redirect.tsx';
import { idParams } from '../-params.ts';

/** SPEC §2 sends customers here from the requests list without defining it: on to the booking, or back to the list. */
export const Route = createFileRoute('/_customer/customer/booking-requests/$requestId/confirmation')({
  params: idParams('requestId'),
  loader: ({ context, params }) => void context.queryClient.prefetchQuery(bookingRequestQueryOptions(params.requestId)),
  component: RequestConfirmationRoute,
});

function RequestConfirmationRoute() {
  const { requestId } = Route.useParams();
  return <RequestConfirmationRedirect requestId={requestId} />;
}
