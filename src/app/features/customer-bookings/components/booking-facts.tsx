import type { ReactNode } from 'react';
import type { CustomerBooking } from '#domain/api/bookings';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { paymentMethodLabel } from '../../../lib/booking-labels.ts';

interface BookingFactsProps {
  booking: CustomerBooking;
  currency: string;
  /** The confirmation page shows the essentials; the details page everything. */
  full?: boolean;
}

/** A booking's dates, places and money as a description list. */
export function BookingFacts({ booking, currency, full = false }: BookingFactsProps) {
  const discount = Number(booking.discount_amount);
  return (
    <dl className="facts facts--grid">
      <Fact term="Start date" value={formatDate(booking.start_date)} />
      <Fact term="End date" value={formatDate(booking.end_date)} />
      <Fact term="Pickup time" value={booking.pickup_time} />
      <Fact term="Dropoff time" value={booking.dropoff_time} />
      <Fact term="Pickup location" value={place(booking.pickup_location, booking.pickup_address)} />
      <Fact term="Dropoff location" value={place(booking.dropoff_location, booking.dropoff_address)} />
      <Fact term="Amount" value={formatMoney(booking.booking_amount, currency)} />
      <Fact term="Deposit" value={formatMoney(booking.booking_deposit, currency)} />
      {full && discount > 0 ? <Fact term="Discount" value={formatMoney(booking.discount_amount, currency)} /> : null}
      {/* Staff-made bookings carry the desk's default method: never shown as the customer's choice. */}
      <Fact
        term="Payment method"
        value={booking.payment_method ? paymentMethodLabel(booking.payment_method) : 'Not chosen'}
      />
      {full ? <Fact term="Booked on" value={formatDate(booking.created_at)} /> : null}
    </dl>
  );
}

/** A location's name with its street address under it when the agency gave one. */
function place(name: string | null, address: string | null): ReactNode {
  if (!name) return 'Not set';
  return address ? (
    <>
      {name}
      <span className="facts__detail">{address}</span>
    </>
  ) : (
    name
  );
}

function Fact({ term, value }: { term: string; value: ReactNode }) {
  return (
    <div className="facts__item">
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}
