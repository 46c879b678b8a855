import { Link } from '@tanstack/react-router';
import { Suspense } from 'react';
import { buttonClass } from '../../../components/button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { LastUpdated } from '../../../offline/last-updated.tsx';
import { useCurrency } from '#app/lib/currency';
import { useBooking } from '../api/get-booking.ts';
import { BookingFacts } from './booking-facts.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { BookingStatusBadge } from '../../../components/status-badge.tsx';
import { VehicleThumb } from './vehicle-thumb.tsx';
import { AgencyContact } from './agency-contact.tsx';
import { AgreementSection } from '../../agreements/index.ts';
import { BookingInspections } from '../../inspections/index.ts';
import { CustomerReturnCharges } from '../../return-charges/index.ts';
import '../customer-bookings.css';

const TO_BOOKINGS = (
  <Link to="/bookings/list" className={buttonClass('secondary', 'sm')}>
    My Bookings
  </Link>
);

/** /customer/bookings/{id}: one of the customer's bookings, everything they may see of it. */
export function BookingDetailsPage({ bookingId }: { bookingId: number }) {
  const booking = useBooking(bookingId);
  const currency = useCurrency();
  const data = booking.data;
  const name = data ? `${data.vehicle_details.make} ${data.vehicle_details.model}` : '';

  return (
    <div className="page">
      <PageHeader
        title="Booking Details"
        description={data ? `Booking #${data.id}` : undefined}
        actions={
          <Link to="/bookings/list" className={buttonClass('secondary')}>
            Back to Bookings
          </Link>
        }
      />
      {data ? (
        <section className="panel booking-details" aria-labelledby="booking-vehicle">
          <VehicleThumb src={data.vehicle_details.main_image} name={name} size="large" />
          <div className="booking-details__body">
            <div className="booking-details__heading">
              <h2 id="booking-vehicle" className="booking-details__title">
                {name}
              </h2>
              <BookingStatusBadge status={data.booking_status} />
            </div>
            <BookingFacts booking={data} currency={currency} full />
            <LastUpdated dataUpdatedAt={booking.dataUpdatedAt} />
          </div>
        </section>
      ) : null}
      {data ? <AgencyContact agency={data.agency_details} /> : null}
      {data ? <BookingInspections bookingId={data.id} /> : null}
      {data ? <AgreementSection bookingId={data.id} bookingStatus={data.booking_status} side="customer" /> : null}
      {data?.booking_status === 'completed' ? (
        <Suspense fallback={null}>
          <CustomerReturnCharges bookingId={data.id} />
        </Suspense>
      ) : null}
      {data ? null : (
        <QueryFallback
          query={booking}
          loadingLabel="Loading booking..."
          failure="The booking could not be loaded."
          offline="The booking will appear when the connection returns."
          notFound={{ message: 'Booking not found.', action: TO_BOOKINGS }}
        />
      )}
    </div>
  );
}
