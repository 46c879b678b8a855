import { Link } from '@tanstack/react-router';
import type { RequestClashes } from '#domain/api/booking-requests';
import { type UNAVAILABILITY_KINDS } from '#domain/constants';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { StatusMessage } from '../../../components/status-message.tsx';
import { bookingStatusLabel, bookingStatusTone } from '../../../lib/booking-labels.ts';
import { formatDate } from '../../../lib/format.ts';
import { useRequestClashes } from '../api/get-request-clashes.ts';

const NONE = 'No other requests or bookings for these dates.';
const PANEL_ID = 'review-clashes';

/** Takes keyboard and screen-reader users to the clashes, e.g. from a refused Accept below them. */
export function showClashes(): void {
  const panel = document.getElementById(PANEL_ID);
  panel?.focus({ preventScroll: true });
  panel?.scrollIntoView({ block: 'start', behavior: 'auto' });
}
const KIND_NAMES: Record<(typeof UNAVAILABILITY_KINDS)[number], string> = {
  maintenance: 'Maintenance',
  damage: 'Damage',
  reserved: 'Reserved',
  other: 'Other',
};

const dates = (item: { start_date: string; end_date: string }) =>
  `${formatDate(item.start_date)} → ${formatDate(item.end_date)}`;

/**
 * What else wants this vehicle on these dates, above the Accept control: other requests (pending,
 * or accepted and still held), bookings that hold the vehicle and unavailability periods, each a
 * link. Accepting over a booking, a period or a hold is refused by the server anyway; this says
 * so before staff try, and shows the pending requests they are choosing between.
 */
export function ClashesPanel({ requestId }: { requestId: number }) {
  const query = useRequestClashes(requestId);
  return (
    <section id={PANEL_ID} tabIndex={-1} className="review-clashes" aria-labelledby="review-clashes-title">
      <h3 id="review-clashes-title" className="review-clashes__title">
        Other requests and bookings for these dates
      </h3>
      {query.data ? (
        <ClashList clashes={query.data} />
      ) : query.isError ? (
        <StatusMessage tone="warning">
          Clashes could not be checked. The server still refuses a clash on saving.
        </StatusMessage>
      ) : query.fetchStatus === 'paused' ? (
        <p className="review-note">Clashes are checked when the connection returns.</p>
      ) : (
        <p className="review-note" role="status">
          Checking for clashes...
        </p>
      )}
    </section>
  );
}

function ClashList({ clashes }: { clashes: RequestClashes }) {
  const { requests, bookings, periods } = clashes;
  if (requests.length + bookings.length + periods.length === 0) return <p className="review-clashes__none">{NONE}</p>;
  return (
    <ul className="review-clashes__list">
      {requests.map((request) => (
        <li key={`request-${request.id}`} className="review-clash">
          <Link to="/booking-requests/$id" params={{ id: request.id }} className="review-clash__link">
            Booking request #{request.id}
          </Link>
          <span>{request.name || 'No name'}</span>
          <span className="review-clash__dates">{dates(request)}</span>
          <StatusBadge tone={request.status === 'accepted' ? 'success' : 'warning'}>
            {request.status === 'accepted' ? 'Accepted, held' : 'Pending'}
          </StatusBadge>
        </li>
      ))}
      {bookings.map((booking) => (
        <li key={`booking-${booking.id}`} className="review-clash">
          <Link to="/booking-details/$id" params={{ id: booking.id }} className="review-clash__link">
            Booking #{booking.id}
          </Link>
          <span>{booking.customer_name}</span>
          <span className="review-clash__dates">{dates(booking)}</span>
          <StatusBadge tone={bookingStatusTone(booking.booking_status)}>
            {bookingStatusLabel(booking.booking_status)}
          </StatusBadge>
        </li>
      ))}
      {periods.map((period) => (
        <li key={`period-${period.id}`} className="review-clash">
          <Link to="/fleet/unavailability" className="review-clash__link">
            Unavailable: {KIND_NAMES[period.kind]}
          </Link>
          <span>{period.reason ?? ''}</span>
          <span className="review-clash__dates">{dates(period)}</span>
          <StatusBadge tone="danger">Blocked</StatusBadge>
        </li>
      ))}
    </ul>
  );
}
