import { useNavigate } from '@tanstack/react-router';
import { REQUEST_STATUSES, type RequestStatus } from '#domain/constants';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ListFreshness } from '../../../offline/list-freshness.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { StatusMessage } from '../../../components/status-message.tsx';
import { SelectField } from '../../../components/text-field.tsx';
import { allItems } from '../../../lib/paging.ts';
import { useOutboxEntries } from '../../../offline/outbox.ts';
import { useStaffRequests } from '../api/list-staff-requests.ts';
import { useReviewFlash } from '../review-flash.ts';
import { STATUS_NAMES } from '../review-labels.ts';
import { RequestCards } from './request-cards.tsx';
import { RequestTable } from './request-table.tsx';
import '../request-review.css';

/**
 * /bookings/requests: the agency's booking requests, newest first, a page at a time, as a table
 * on wide screens and cards on phones (CSS shows one). A review still on this device says so on
 * its request.
 */
export function StaffRequestsPage({ status }: { status: RequestStatus | undefined }) {
  const query = useStaffRequests(status);
  const navigate = useNavigate();
  const queuedReviews = useOutboxEntries({ kind: 'request-review' });
  const flash = useReviewFlash(queuedReviews.length);
  const waiting = new Set(queuedReviews.map((entry) => entry.target));
  const requests = allItems(query.data?.pages);
  const total = query.data?.pages.at(-1)?.total ?? 0;

  return (
    <div className="page">
      <PageHeader title="Booking Requests" description="Review the booking requests of your customers." />
      {flash ? <StatusMessage tone={flash.tone}>{flash.text}</StatusMessage> : null}
      <div className="staff-requests__filters">
        <SelectField
          label="Status"
          value={status ?? ''}
          onChange={(event) => {
            const chosen = REQUEST_STATUSES.find((option) => option === event.target.value);
            void navigate({ to: '/bookings/requests', search: chosen ? { status: chosen } : {}, replace: true });
          }}
        >
          <option value="">All statuses</option>
          {REQUEST_STATUSES.map((option) => (
            <option key={option} value={option}>
              {STATUS_NAMES[option]}
            </option>
          ))}
        </SelectField>
      </div>
      {query.data ? (
        <>
          <ListFreshness
            dataUpdatedAt={query.dataUpdatedAt}
            refreshFailed={query.isRefetchError}
            moreFailed={query.isFetchNextPageError}
          />
          {requests.length > 0 ? (
            <div className="staff-requests">
              <RequestTable requests={requests} waiting={waiting} />
              <RequestCards requests={requests} waiting={waiting} />
              <LoadMore
                shown={requests.length}
                total={total}
                noun="booking requests"
                hasMore={query.hasNextPage}
                loading={query.isFetchingNextPage}
                onLoadMore={() => void query.fetchNextPage()}
              />
            </div>
          ) : (
            <EmptyState
              message={
                status ? `No ${STATUS_NAMES[status].toLowerCase()} booking requests.` : 'No booking requests found.'
              }
            >
              <p>Requests your customers send from the vehicle list appear here.</p>
            </EmptyState>
          )}
        </>
      ) : (
        <QueryFallback
          query={query}
          loadingLabel="Loading booking requests..."
          failure="The booking requests could not be loaded."
          offline="The booking requests will appear when the connection returns."
        />
      )}
    </div>
  );
}
