import { reviewTarget } from '../api/review-request.ts';
import { customerName, dateRange, ReviewLink, ReviewState, vehicleName } from './request-cells.tsx';
import type { RequestListProps } from './request-table.tsx';

/** The phone list: one card per request, the same facts as the table's columns. */
export function RequestCards({ requests, waiting }: RequestListProps) {
  return (
    <ul className="staff-request-cards" aria-label="Booking requests">
      {requests.map((request) => (
        <li key={request.id}>
          <article className="staff-request-card">
            <div className="staff-request-card__heading">
              <h2 className="staff-request-card__title">{customerName(request)}</h2>
              <ReviewState request={request} waiting={waiting.has(reviewTarget(request.id))} />
            </div>
            <dl className="review-facts">
              <div className="review-facts__item">
                <dt>Phone</dt>
                <dd>{request.customer_details.phone_number}</dd>
              </div>
              <div className="review-facts__item">
                <dt>Start → End</dt>
                <dd>{dateRange(request)}</dd>
              </div>
              <div className="review-facts__item review-facts__item--wide">
                <dt>Vehicle</dt>
                <dd>
                  {vehicleName(request)} · {request.vehicle_details.registration_number}
                </dd>
              </div>
            </dl>
            <div className="staff-request-card__actions">
              <ReviewLink request={request} />
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
