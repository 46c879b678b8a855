import type { StaffBooking } from '#domain/api/bookings';
import { RowMenu } from '../../../components/row-menu.tsx';

/** Edit and View of one booking (SPEC §2's row menu), for table rows and phone cards alike. */
export function BookingRowMenu({ booking }: { booking: StaffBooking }) {
  const name = `${booking.customer_details.first_name} ${booking.customer_details.last_name}`;
  return (
    <RowMenu
      label={`Actions for the booking of ${name}, ${booking.start_date}`}
      items={[
        { label: 'Edit', link: { to: '/edit-booking/$id', params: { id: booking.id } } },
        { label: 'View', link: { to: '/booking-details/$id', params: { id: booking.id } } },
      ]}
    />
  );
}
