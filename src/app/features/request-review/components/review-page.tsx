import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../../components/button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { StatusMessage } from '../../../components/status-message.tsx';
import { formatDate } from '../../../lib/format.ts';
import { LastUpdated } from '../../../offline/last-updated.tsx';
import { useOutboxEntries } from '../../../offline/outbox.ts';
import { useStaffRequest } from '../api/get-staff-request.ts';
import { reviewTarget } from '../api/review-request.ts';
import { ClashesPanel } from './clashes-panel.tsx';
import { CreateBookingPanel } from './create-booking-panel.tsx';
import { RequestSummary } from './request-summary.tsx';
import { ReviewForm } from './review-form.tsx';
import '../request-review.css';

const BACK = (
  <Link to="/bookings/requests" className={buttonClass('secondary')}>
    Back to Booking Requests
  </Link>
);

/**
 * /booking-requests/{id} (SPEC §2 "Review screen"): the vehicle and the dates asked for, who
 * asked, and the review form. Readable offline from the cache; the review then waits on this
 * device and is sent when the connection returns.
 */
export function ReviewPage({ requestId }: { requestId: number }) {
  const query = useStaffRequest(requestId);
  const waiting = useOutboxEntries({ kind: 'request-review', target: reviewTarget(requestId) });
  const request = query.data;

  return (
    <div className="page">
      <PageHeader
        title="Review Booking Request"
        description={request ? `Request #${request.id}, received ${formatDate(request.created_at)}` : undefined}
        actions={BACK}
      />
      {request ? (
        <>
          {waiting.length > 0 ? (
            <StatusMessage tone="info">
              A review of this request made on this device is waiting to send. It will be sent automatically when the
              connection returns; a new review is sent after it.
            </StatusMessage>
          ) : null}
          <div className="review-layout">
            <RequestSummary request={request} />
            <div className="review-layout__side">
              <section className="panel review-layout__form" aria-labelledby="review-form-title">
                <h2 id="review-form-title" className="review-section-title">
                  Review
                </h2>
                {/* Before the Accept control: what else wants the vehicle on these dates. */}
                <ClashesPanel requestId={request.id} />
                <ReviewForm key={request.id} request={request} />
              </section>
              <CreateBookingPanel key={request.id} request={request} />
            </div>
          </div>
          {query.isPlaceholderData ? (
            query.fetchStatus === 'paused' ? (
              <p className="review-note">
                Shown as the list on this device has it; it is refreshed when the connection returns.
              </p>
            ) : null
          ) : (
            <LastUpdated dataUpdatedAt={query.dataUpdatedAt} />
          )}
        </>
      ) : (
        <QueryFallback
          query={query}
          loadingLabel="Loading..."
          failure="The booking request could not be loaded."
          offline="The booking request will appear when the connection returns."
          // The header's Back link is the way on.
          notFound={{ message: 'Booking request not found.', action: null }}
        />
      )}
    </div>
  );
}
