import { Link } from '@tanstack/react-router';
import type { CustomerBookingRequest } from '#domain/api/bookings';
import { shownRequestStatus, type ShownRequestStatus } from '#domain/request-hold';
import { buttonClass } from '../../../components/button.tsx';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { useCurrency } from '#app/lib/currency';
import { requestStatusTone } from '../../../lib/booking-labels.ts';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { ConfirmBy, EXPIRED_NOTE } from './confirm-by.tsx';
import { VehicleThumb } from './vehicle-thumb.tsx';
import { useRecentlySent } from '#app/offline/outbox-recent';
import { estimateTotal, PriceDetails } from '../../booking-requests/index.ts';
import { StatusMessage } from '../../../components/status-message.tsx';

/** "The agency's price is £512.40, not the £498.00 estimated offline." */
export function priceDiffers(quoted: string, estimated: string, currency: string): string {
  return `The agency's price is ${formatMoney(quoted, currency)}, not the ${formatMoney(estimated, currency)} estimated offline.`;
}

/**
 * One request as SPEC §2 lists it, with the way on once staff accepted it. Its price is the
 * quote stored when it was sent (issue 21), itemised behind "Price details"; a request sent before
 * quotes keeps the days × day rate estimate. A request sent from the outbox lately whose quote is
 * not what the device estimated while it waited says so.
 */
export function BookingRequestCard({ request }: { request: CustomerBookingRequest }) {
  const currency = useCurrency();
  const name = `${request.vehicle_details.make} ${request.vehicle_details.model}`;
  const estimate = request.quote
    ? null
    : estimateTotal(request.vehicle_details.price_per_day, request.start_date, request.end_date);
  const estimatedOffline = useRecentlySent().find((write) => write.recordId === request.id)?.estimate;
  const differs =
    request.quote && estimatedOffline !== undefined && estimatedOffline !== request.quote.total
      ? priceDiffers(request.quote.total, estimatedOffline, currency)
      : null;
  const shown = shownRequestStatus(request, new Date());
  return (
    <article className="request-card" aria-label={`${name}, ${shown}`}>
      <VehicleThumb src={request.vehicle_details.main_image} name={name} />
      <div className="request-card__body">
        <div className="request-card__heading">
          <h2 className="request-card__title">{name}</h2>
          <StatusBadge tone={requestStatusTone(shown)}>{shown}</StatusBadge>
        </div>
        <dl className="facts">
          <div className="facts__item facts__item--wide">
            <dt>Rental dates</dt>
            <dd>
              {formatDate(request.start_date)} – {formatDate(request.end_date)}
            </dd>
          </div>
          <div className="facts__item">
            <dt>Submitted</dt>
            <dd>{formatDate(request.created_at)}</dd>
          </div>
          {request.quote ? (
            <div className="facts__item">
              <dt>Total</dt>
              <dd>{formatMoney(request.quote.total, currency)}</dd>
            </div>
          ) : (
            <div className="facts__item">
              <dt>Estimated total</dt>
              <dd>
                {estimate
                  ? `${formatMoney(estimate.total, currency)} (${estimate.days} ${estimate.days === 1 ? 'day' : 'days'})`
                  : '—'}
              </dd>
            </div>
          )}
          <div className="facts__item">
            <dt>Deposit</dt>
            <dd>{formatMoney(request.deposit, currency)}</dd>
          </div>
          <div className="facts__item facts__item--wide">
            <dt>Pickup and dropoff</dt>
            <dd>{places(request)}</dd>
          </div>
        </dl>
        {differs ? <StatusMessage tone="warning">{differs}</StatusMessage> : null}
        {request.quote ? <PriceDetails quote={request.quote} currency={currency} /> : null}
        <RequestAction request={request} shown={shown} />
      </div>
    </article>
  );
}

/** "Leeds Station → York Centre", or one name when the car comes back where it was collected. */
function places({ pickup_location: pickup, dropoff_location: dropoff }: CustomerBookingRequest): string {
  const from = pickup?.name ?? 'Not set';
  const to = dropoff?.name ?? 'Not set';
  return from === to ? from : `${from} → ${to}`;
}

function RequestAction({ request, shown }: { request: CustomerBookingRequest; shown: ShownRequestStatus }) {
  if (request.has_booking) {
    return (
      <Link
        to="/customer/booking-requests/$requestId/confirmation"
        params={{ requestId: request.id }}
        className={buttonClass('secondary', 'md', 'request-card__action')}
      >
        View Booking Details
      </Link>
    );
  }
  if (shown === 'expired') return <p className="request-card__note">{EXPIRED_NOTE}</p>;
  if (request.status === 'accepted') {
    return (
      <>
        {request.hold_until ? <ConfirmBy holdUntil={request.hold_until} /> : null}
        <Link
          to="/customer/booking-requests/$requestId/confirm"
          params={{ requestId: request.id }}
          className={buttonClass('primary', 'md', 'request-card__action')}
        >
          Confirm Booking
        </Link>
      </>
    );
  }
  return (
    <p className="request-card__note">
      {request.status === 'pending' ? 'Waiting for the agency to review it.' : 'This request was declined.'}
    </p>
  );
}
