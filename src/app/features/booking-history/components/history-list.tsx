import { Link, useNavigate } from '@tanstack/react-router';
import type { StaffBooking } from '#domain/api/bookings';
import { BookingStatusBadge } from '../../../components/status-badge.tsx';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { vehicleLabel } from '#app/lib/vehicle-label';

const customerName = (booking: StaffBooking) =>
  `${booking.customer_details.first_name} ${booking.customer_details.last_name}`;

interface HistoryListProps {
  bookings: StaffBooking[];
  currency: string;
}

/**
 * A table on wider screens, cards on phones (CSS shows one, so screen readers meet only one). The
 * booking number is a link to Booking Details for the keyboard; the whole row opens it for a pointer.
 */
export function HistoryList({ bookings, currency }: HistoryListProps) {
  const navigate = useNavigate();
  return (
    <>
      <div className="table-frame booking-history__table">
        <table className="table">
          <caption className="visually-hidden">Booking history</caption>
          <thead>
            <tr>
              <th scope="col">Booking</th>
              <th scope="col">Customer</th>
              <th scope="col">Vehicle</th>
              <th scope="col">Dates</th>
              <th scope="col" className="table__cell--number">
                Amount
              </th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {bookings.map((booking) => (
              <tr
                key={booking.id}
                className="table__row--link"
                onClick={() => void navigate({ to: '/booking-details/$id', params: { id: booking.id } })}
              >
                <td>
                  <Link to="/booking-details/$id" params={{ id: booking.id }}>
                    #{booking.id}
                  </Link>
                </td>
                {/* The name's class makes it a block, so it sits in the cell, never on the cell itself. */}
                <td>
                  <span className="booking-history__name">{customerName(booking)}</span>
                </td>
                <td>
                  <span className="booking-history__name">
                    {booking.vehicle_details.make} {booking.vehicle_details.model}
                  </span>
                  <span className="booking-history__sub">{booking.vehicle_details.registration_number}</span>
                </td>
                <td>
                  <span className="booking-history__dates">{formatDate(booking.start_date)} –</span>
                  <span className="booking-history__dates">{formatDate(booking.end_date)}</span>
                </td>
                <td className="table__cell--number">{formatMoney(booking.booking_amount, currency)}</td>
                <td>
                  <BookingStatusBadge status={booking.booking_status} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="booking-history__cards" aria-label="Booking history">
        {bookings.map((booking) => (
          <li key={booking.id}>
            <Link className="booking-history__card" to="/booking-details/$id" params={{ id: booking.id }}>
              <span className="booking-history__card-heading">
                <span className="booking-history__name">{customerName(booking)}</span>
                <BookingStatusBadge status={booking.booking_status} />
              </span>
              <span className="booking-history__sub">{vehicleLabel(booking.vehicle_details)}</span>
              <span className="booking-history__card-facts">
                <span>
                  {formatDate(booking.start_date)} – {formatDate(booking.end_date)}
                </span>
                <span>{formatMoney(booking.booking_amount, currency)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
