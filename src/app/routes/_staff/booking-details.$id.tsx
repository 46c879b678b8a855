import { createFileRoute } from '@tanstack/react-router';
import { staffBookingQueryOptions } from '../../features/bookings/api/get-staff-booking.ts';
import { BookingDetailsPage } from '../../features/bookings/components/booking-details-page.tsx';
import { idParams } from '../-params.ts';

interface BookingDetailsSearch {
  /** Set by Edit Booking after a save, to say so. */
  updated?: true;
  /** Set by a vehicle's today card (Start pick-up / Start return): that inspection's form opens. */
  inspect?: 'pickup' | 'return';
}

export const Route = createFileRoute('/_staff/booking-details/$id')({
  params: idParams('id'),
  validateSearch: (search: Record<string, unknown>): BookingDetailsSearch => ({
    ...(search['updated'] === true || search['updated'] === 'true' ? { updated: true } : {}),
    ...(search['inspect'] === 'pickup' || search['inspect'] === 'return' ? { inspect: search['inspect'] } : {}),
  }),
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(staffBookingQueryOptions(params.id));
  },
  component: BookingDetails,
});

function BookingDetails() {
  const { id } = Route.useParams();
  const { updated, inspect } = Route.useSearch();
  return <BookingDetailsPage key={id} bookingId={id} updated={updated} inspect={inspect} />;
}
