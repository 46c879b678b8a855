import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import type { CustomerBookingRequest } from '#domain/api/bookings';
import { isHoldExpired } from '#domain/request-hold';
import { buttonClass } from '../../../../components/button.tsx';
import { PageHeader } from '../../../../components/page-header.tsx';
import { StatusBadge } from '../../../../components/status-badge.tsx';
import { StatusMessage } from '../../../../components/status-message.tsx';
import { useOwnCustomer } from '../../../customers/index.ts';
import { useBookingRequest } from '../../api/get-booking-request.ts';
import { QueryFallback } from '../../../../components/query-fallback.tsx';
import { ConfirmBy, EXPIRED_NOTE } from '../confirm-by.tsx';
import { ConfirmWizard } from './confirm-wizard.tsx';
import '../../customer-bookings.css';

const BACK_TO_LIST = (
  <Link to="/customer/booking-requests" className={buttonClass('secondary', 'sm')}>
    Booking Requests
  </Link>
);

/**
 * /customer/booking-requests/{id}/confirm: the wizard, once the request is known to be the
 * customer's, accepted and not booked yet; otherwise says why not and where to go instead.
 */
export function ConfirmBookingPage({ requestId }: { requestId: number }) {
  const request = useBookingRequest(requestId, { alwaysRefetch: true });
  // Whether it may be confirmed is the server's current answer; the cached copy only stands in offline.
  const current = request.isFetchedAfterMount || request.fetchStatus !== 'fetching' ? request.data : undefined;
  const customer = useOwnCustomer();
  const navigate = useNavigate();
  // Once confirmed, the refetched request says "already confirmed": the success must win until we leave.
  const [confirmed, setConfirmed] = useState(false);

  const onConfirmed = (bookingId: number) => {
    setConfirmed(true);
    void navigate({ to: '/customer/bookings/$id/confirmation', params: { id: bookingId }, replace: true });
  };

  return (
    <div className="page page--wizard">
      <PageHeader title="Confirm Booking" description="Upload your ID, choose how to pay and confirm your details." />
      {confirmed ? (
        <StatusMessage tone="success">Booking Confirmed!</StatusMessage>
      ) : current && customer.data ? (
        <RequestGate request={current}>
          <ConfirmWizard request={current} customer={customer.data} onConfirmed={onConfirmed} />
        </RequestGate>
      ) : current ? (
        <QueryFallback
          query={customer}
          loadingLabel="Loading your details..."
          failure="Your details could not be loaded."
          offline="Your details will appear when the connection returns."
        />
      ) : (
        <QueryFallback
          query={request}
          loadingLabel="Loading booking request..."
          failure="The booking request could not be loaded."
          offline="The booking request will appear when the connection returns."
          notFound={{ message: 'Booking request not found.', action: BACK_TO_LIST }}
        />
      )}
    </div>
  );
}

function RequestGate({ request, children }: { request: CustomerBookingRequest; children: ReactNode }) {
  if (request.has_booking && request.booking_id !== null) {
    return (
      <StatusMessage
        tone="info"
        action={
          <Link
            to="/customer/bookings/$id"
            params={{ id: request.booking_id }}
            className={buttonClass('secondary', 'sm')}
          >
            View Booking Details
          </Link>
        }
      >
        This booking request is already confirmed.
      </StatusMessage>
    );
  }
  if (request.status === 'pending') {
    return (
      <StatusMessage tone="warning" action={BACK_TO_LIST}>
        This booking request has not been accepted yet. You can confirm it once the agency accepts it.
      </StatusMessage>
    );
  }
  if (request.status === 'declined') {
    return (
      <StatusMessage tone="error" action={BACK_TO_LIST}>
        This booking request was declined, so it cannot be confirmed.
      </StatusMessage>
    );
  }
  if (isHoldExpired(request, new Date())) {
    return (
      <StatusMessage tone="warning" action={BACK_TO_LIST}>
        <StatusBadge tone="neutral">Expired</StatusBadge> {EXPIRED_NOTE}
      </StatusMessage>
    );
  }
  return (
    <>
      {request.hold_until ? <ConfirmBy holdUntil={request.hold_until} /> : null}
      {children}
    </>
  );
}
