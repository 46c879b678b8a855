import { createFileRoute } from '@tanstack/react-router';
import { bookingQueryOptions } from '../../features/customer-bookings/api/get-booking.ts';
import { BookingConfirmationPage } from '../../features/customer-bookings/components/booking-confirmation-page.tsx';
import { idParams } from '../-params.ts';

export const Route = createFileRoute('/_customer/customer/bookings/$id/confirmation')({
  params: idParams('id'),
  loader: ({ context, params }) => void context.queryClient.prefetchQuery(bookingQueryOptions(params.id)),
  component: BookingConfirmationRoute,
});

function BookingConfirmationRoute() {
  const { id } = Route.useParams();
  return <BookingConfirmationPage bookingId={id} />;
}
