import { Link } from '@tanstack/react-router';
import { Suspense, type ReactNode } from 'react';
import type { StaffBooking, StaffBookingDetail } from '#domain/api/bookings';
import { buttonClass } from '../../../components/button.tsx';
import { ListFreshness } from '../../../offline/list-freshness.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { BookingStatusBadge } from '../../../components/status-badge.tsx';
import { StatusMessage } from '../../../components/status-message.tsx';
import { paymentMethodLabel } from '../../../lib/booking-labels.ts';
import { formatDate, formatKm, formatMoney } from '../../../lib/format.ts';
import { AgreementSection } from '../../agreements/index.ts';
import { InspectionsPanel } from '../../inspections/index.ts';
import { BookingPaymentsPanel } from '../../payments/index.ts';
import { ReturnChargesPanel } from '../../return-charges/index.ts';
import { useCurrency } from '#app/lib/currency';
import { useStaffBooking } from '../api/get-staff-booking.ts';
import { vehicleLabel } from '#app/lib/vehicle-label';
import { BookingInvoices } from '../../invoices/index.ts';
import { QuoteLinesTable } from '../../booking-requests/index.ts';
import { storedQuote } from '../line-overrides.ts';
import { BookingProgress } from './booking-progress.tsx';
import '../bookings.css';

interface BookingDetailsPageProps {
  bookingId: number;
  /** Arrived from a saved edit. */
  updated?: boolean | undefined;
  /** Arrived from a vehicle's today card to record this inspection: its form opens. */
  inspect?: 'pickup' | 'return' | undefined;
}

/** /booking-details/{id}: every field of a booking, its status in SPEC §4's colours, Edit and Back. */
export function BookingDetailsPage({ bookingId, updated, inspect }: BookingDetailsPageProps) {
  const query = useStaffBooking(bookingId);
  const booking = query.data;
  const back = (
    <Link to="/bookings/list" className={buttonClass('secondary')}>
      Back
    </Link>
  );
  return (
    <div className="page">
      <PageHeader
        title="Booking Details"
        description={booking ? `Booking #${booking.id}` : undefined}
        actions={
          booking ? (
            <>
              {back}
              <Link to="/edit-booking/$id" params={{ id: booking.id }} className={buttonClass('primary')}>
                Edit
              </Link>
            </>
          ) : (
            back
          )
        }
      />
      {updated ? <StatusMessage tone="success">Booking updated successfully.</StatusMessage> : null}
      {booking ? (
        <>
          <ListFreshness dataUpdatedAt={query.dataUpdatedAt} refreshFailed={query.isRefetchError} moreFailed={false} />
          {/* Who and which car come first: on a phone they are what the yard checks before anything else. */}
          <CustomerAndVehicle booking={booking} />
          <BookingProgress booking={booking} />
          <InspectionsPanel booking={booking} startWith={inspect} />
          <AgreementSection bookingId={booking.id} bookingStatus={booking.booking_status} side="staff" />
          {booking.booking_status === 'completed' || booking.booking_status === 'active' ? (
            <Suspense fallback={null}>
              <ReturnChargesPanel bookingId={booking.id} returned={booking.booking_status === 'completed'} />
            </Suspense>
          ) : null}
          <BookingFacts booking={booking} />
          <BookingPaymentsPanel bookingId={booking.id} />
          <BookingInvoices bookingId={booking.id} />
        </>
      ) : (
        <QueryFallback
          query={query}
          loadingLabel="Loading booking..."
          failure="The booking could not be loaded."
          offline="The booking will appear when the connection returns."
          notFound={{ message: 'Booking not found.', action: back }}
        />
      )}
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="staff-booking-facts__item">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const NONE = <span className="staff-booking-facts__none">Not given</span>;

function CustomerAndVehicle({ booking }: { booking: StaffBooking }) {
  const customer = booking.customer_details;
  return (
    <section className="panel staff-booking-details__section" aria-labelledby="booking-who">
      <h2 id="booking-who" className="staff-booking-details__title">
        Customer and vehicle
      </h2>
      <dl className="staff-booking-facts">
        <Fact label="Customer">
          <Link to="/details/$id" params={{ id: customer.id }}>
            {customer.first_name} {customer.last_name}
          </Link>
          <span className="staff-booking-facts__sub">
            {customer.email} · {customer.phone_number}
          </span>
        </Fact>
        <Fact label="Vehicle">{vehicleLabel(booking.vehicle_details)}</Fact>
        <Fact label="Status">
          <BookingStatusBadge status={booking.booking_status} />
        </Fact>
        <Fact label="From request">
          {booking.booking_request !== null ? (
            <Link to="/booking-requests/$id" params={{ id: booking.booking_request }}>
              Booking request #{booking.booking_request}
            </Link>
          ) : (
            'Added by staff'
          )}
        </Fact>
      </dl>
    </section>
  );
}

function BookingFacts({ booking }: { booking: StaffBookingDetail }) {
  const currency = useCurrency();
  const money = (amount: string) => formatMoney(amount, currency);
  return (
    <div className="staff-booking-details">
      <section className="panel staff-booking-details__section" aria-labelledby="booking-when">
        <h2 id="booking-when" className="staff-booking-details__title">
          Dates and places
        </h2>
        <dl className="staff-booking-facts">
          <Fact label="Start Date">{formatDate(booking.start_date)}</Fact>
          <Fact label="End Date">{formatDate(booking.end_date)}</Fact>
          <Fact label="Pickup time">{booking.pickup_time}</Fact>
          <Fact label="Dropoff time">{booking.dropoff_time}</Fact>
          <Fact label="Pickup location">{booking.pickup_location ?? NONE}</Fact>
          <Fact label="Dropoff location">{booking.dropoff_location ?? NONE}</Fact>
          <Fact label="Estimated mileage">
            {booking.estimated_mileage === null ? NONE : formatKm(booking.estimated_mileage)}
          </Fact>
        </dl>
      </section>
      <section className="panel staff-booking-details__section" aria-labelledby="booking-money">
        <h2 id="booking-money" className="staff-booking-details__title">
          Payment
        </h2>
        <dl className="staff-booking-facts">
          <Fact label="Amount">
            {money(booking.booking_amount)}
            {booking.quote && booking.quote.total !== booking.booking_amount ? (
              <span className="staff-booking-facts__sub">
                Typed over the quote’s total, {money(booking.quote.total)}
              </span>
            ) : null}
          </Fact>
          <Fact label="Deposit">{money(booking.booking_deposit)}</Fact>
          <Fact label="Discount">
            {money(booking.discount_amount)}
            {booking.discount_description ? (
              <span className="staff-booking-facts__sub">{booking.discount_description}</span>
            ) : null}
          </Fact>
          <Fact label="Payment method">{paymentMethodLabel(booking.payment_method)}</Fact>
        </dl>
      </section>
      <BookingQuote booking={booking} />
      <section className="panel staff-booking-details__section" aria-labelledby="booking-notes">
        <h2 id="booking-notes" className="staff-booking-details__title">
          Notes
        </h2>
        <p className="staff-booking-details__notes">{booking.notes ?? NONE}</p>
        <p className="staff-booking-details__created">Added on {formatDate(booking.created_at)}</p>
      </section>
    </div>
  );
}

/**
 * The lines the booking was priced with (issue 21), as stored: an overridden line shows its amount,
 * the quoted one struck through and staff's reason. A booking made before quotes has none.
 */
function BookingQuote({ booking }: { booking: StaffBookingDetail }) {
  const currency = useCurrency();
  if (!booking.quote) return null;
  const { lines, total } = storedQuote(booking.quote);
  return (
    <section className="panel staff-booking-details__section" aria-labelledby="booking-quote">
      <h2 id="booking-quote" className="staff-booking-details__title">
        Price
      </h2>
      <QuoteLinesTable lines={lines} total={total} currency={currency} caption="Price lines" />
      {booking.quote.extras.length > 0 ? (
        <p className="staff-booking-details__created">
          Extras: {booking.quote.extras.map((extra) => `${extra.name} × ${extra.quantity}`).join(', ')}
        </p>
      ) : null}
    </section>
  );
}
