import { Link, Navigate } from '@tanstack/react-router';
import { buttonClass } from '../../../components/button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useBookingRequest } from '../api/get-booking-request.ts';
import { QueryFallback } from '../../../components/query-fallback.tsx';

/**
 * /customer/booking-requests/{id}/confirmation, where SPEC §2's list sends customers without
 * defining it: on to the booking's confirmation when the request has one, else back to the list.
 */
export function RequestConfirmationRedirect({ requestId }: { requestId: number }) {
  const request = useBookingRequest(requestId, { alwaysRefetch: true });
  // The cached copy may predate the booking: decide on the server's answer (or the cache when offline).
  const data = request.fetchStatus === 'fetching' ? undefined : request.data;
  if (data?.booking_id) {
    return <Navigate to="/customer/bookings/$id/confirmation" params={{ id: data.booking_id }} replace />;
  }
  if (data) return <Navigate to="/customer/booking-requests" replace />;
  return (
    <div className="page">
      <PageHeader title="Booking Confirmation" />
      <QueryFallback
        query={request}
        loadingLabel="Finding your booking..."
        failure="The booking request could not be loaded."
        offline="Your booking will be found when the connection returns."
        notFound={{
          message: 'Booking request not found.',
          action: (
            <Link to="/customer/booking-requests" className={buttonClass('secondary', 'sm')}>
              Booking Requests
            </Link>
          ),
        }}
      />
    </div>
  );
}
