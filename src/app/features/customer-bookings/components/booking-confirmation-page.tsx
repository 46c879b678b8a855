import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../../components/button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCurrency } from '#app/lib/currency';
import { useBooking } from '../api/get-booking.ts';
import { BookingFacts } from './booking-facts.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { VehicleThumb } from './vehicle-thumb.tsx';
import '../customer-bookings.css';

const TO_BOOKINGS = (
  <Link to="/bookings/list" className={buttonClass('secondary', 'sm')}>
    My Bookings
  </Link>
);

/** /customer/bookings/{id}/confirmation: the success page after the wizard, with the way to the booking. */
export function BookingConfirmationPage({ bookingId }: { bookingId: number }) {
  const booking = useBooking(bookingId);
  const currency = useCurrency();
  const data = booking.data;
  const name = data ? `${data.vehicle_details.make} ${data.vehicle_details.model}` : '';

  return (
    <div className="page page--confirmation">
      <PageHeader title="Booking Confirmed!" description="Your booking is confirmed. See you at pickup." />
      {data ? (
        <section className="panel booking-summary" aria-label="Booking summary">
          <div className="booking-summary__head">
            <span className="booking-summary__check" aria-hidden="true">
              ✓
            </span>
            <VehicleThumb src={data.vehicle_details.main_image} name={name} />
            <div>
              <h2 className="booking-summary__title">{name}</h2>
              <p className="booking-summary__ref">Booking #{data.id}</p>
            </div>
          </div>
          <BookingFacts booking={data} currency={currency} />
          <div className="booking-summary__actions">
            <Link to="/customer/bookings/$id" params={{ id: data.id }} className={buttonClass('primary')}>
              View Booking Details
            </Link>
            <Link to="/bookings/list" className={buttonClass('secondary')}>
              My Bookings
            </Link>
          </div>
        </section>
      ) : (
        <QueryFallback
          query={booking}
          loadingLabel="Loading your booking..."
          failure="Your booking could not be loaded."
          offline="Your booking will appear when the connection returns."
          notFound={{ message: 'Booking not found.', action: TO_BOOKINGS }}
        />
      )}
    </div>
  );
}
