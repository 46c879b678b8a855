import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../../components/button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { StaffBookingsList } from './staff-bookings-list.tsx';

/** /bookings/list for staff, agents and agencies: every booking they may see. */
export function StaffBookingsPage() {
  return (
    <div className="page">
      <PageHeader
        title="Bookings"
        description="Every booking of your agency, newest first. Search by customer or vehicle."
        actions={
          <Link to="/add-booking" className={buttonClass('primary')}>
            Add Booking
          </Link>
        }
      />
      <StaffBookingsList label="Bookings" />
    </div>
  );
}
