import { createFileRoute } from '@tanstack/react-router';
import { bookingQueryOptions } from '../../features/customer-bookings/api/get-booking.ts';
import { BookingDetailsPage } from '../../features/customer-bookings/components/booking-details-page.tsx';
import { idParams } from '../-params.ts';

/** `/customer/bookings/{id}`: one of the customer's bookings (SPEC §2 links here without defining it). */
export const Route = createFileRoute('/_customer/customer/bookings/$id/')({
  params: idParams('id'),
  loader: ({ context, params }) => void context.queryClient.prefetchQuery(bookingQueryOptions(params.id)),
  component: BookingDetailsRoute,
});

function BookingDetailsRoute() {
  const { id } = Route.useParams();
  return <BookingDetailsPage bookingId={id} />;
}
