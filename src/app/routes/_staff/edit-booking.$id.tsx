import { createFileRoute } from '@tanstack/react-router';
import { staffBookingQueryOptions } from '../../features/bookings/api/get-staff-booking.ts';
import { EditBookingPage } from '../../features/bookings/components/edit-booking-page.tsx';
import { idParams } from '../-params.ts';

export const Route = createFileRoute('/_staff/edit-booking/$id')({
  params: idParams('id'),
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(staffBookingQueryOptions(params.id));
  },
  component: EditBooking,
});

function EditBooking() {
  const { id } = Route.useParams();
  return <EditBookingPage key={id} bookingId={id} />;
}
