import { Link } from '@tanstack/react-router';
import type { StaffBookingRequest } from '#domain/api/booking-requests';
import { shownRequestStatus } from '#domain/request-hold';
import { buttonClass } from '../../../components/button.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatDate } from '../../../lib/format.ts';
import { STATUS_NAMES } from '../review-labels.ts';

export function customerName(request: StaffBookingRequest): string {
  return `${request.customer_details.first_name} ${request.customer_details.last_name}`.trim();
}

export function vehicleName(request: StaffBookingRequest): string {
  return `${request.vehicle_details.make} ${request.vehicle_details.model}`;
}

export function dateRange(request: StaffBookingRequest): string {
  return `${formatDate(request.start_date)} → ${formatDate(request.end_date)}`;
}

/** Start → End, breaking after the arrow where the column is narrow (never inside a date). */
export function DateRange({ request }: { request: StaffBookingRequest }) {
  return (
    <>
      <span className="staff-requests__nowrap">{formatDate(request.start_date)} →</span>{' '}
      <span className="staff-requests__nowrap">{formatDate(request.end_date)}</span>
    </>
  );
}

/**
 * The list's badge (SPEC §4: Reviewed or Pending, from is_reviewed), the decision beside it, and
 * "Review waiting to send" while a review made on this device has not reached the server.
 */
export function ReviewState({ request, waiting }: { request: StaffBookingRequest; waiting: boolean }) {
  return (
    <span className="review-state">
      <StatusBadge tone={request.is_reviewed ? 'success' : 'warning'}>
        {request.is_reviewed ? 'Reviewed' : 'Pending'}
      </StatusBadge>
      {request.is_reviewed ? (
        <span className="review-state__decision">{STATUS_NAMES[shownRequestStatus(request, new Date())]}</span>
      ) : null}
      {waiting ? <span className="review-state__waiting">Review waiting to send</span> : null}
    </span>
  );
}

/** "Review", named for screen readers by the request it opens: a button on cards, a plain link in the table's narrow column. */
export function ReviewLink({ request, plain = false }: { request: StaffBookingRequest; plain?: boolean }) {
  return (
    <Link
      to="/booking-requests/$id"
      params={{ id: request.id }}
      className={plain ? 'staff-requests__review' : buttonClass('secondary', 'sm')}
    >
      Review<span className="visually-hidden"> the request of {customerName(request)}</span>
    </Link>
  );
}
