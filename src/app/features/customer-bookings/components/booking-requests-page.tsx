import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useOutboxEntries } from '../../../offline/outbox.ts';
import { useBookingRequests } from '../api/list-booking-requests.ts';
import { allItems } from '../../../lib/paging.ts';
import { BookingRequestCard } from './booking-request-card.tsx';
import { ListFreshness } from '../../../offline/list-freshness.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { QueuedRequestCard } from './queued-request-card.tsx';
import '../customer-bookings.css';

/** /customer/booking-requests: requests still on this device first, then the server's, a page at a time. */
export function BookingRequestsPage() {
  const query = useBookingRequests();
  const queued = useOutboxEntries({ kind: 'booking-request' });
  const requests = allItems(query.data?.pages);
  const total = query.data?.pages.at(-1)?.total ?? 0;

  return (
    <div className="page">
      <PageHeader
        title="Booking Requests"
        description="Your booking requests and their status. Confirm the ones the agency has accepted."
        actions={
          <Link to="/public-customers/book-vehicle" className={buttonClass('secondary')}>
            Book a Vehicle
          </Link>
        }
      />
      {queued.length > 0 ? (
        <section aria-labelledby="queued-requests-title" className="request-section">
          <h2 id="queued-requests-title" className="request-section__title">
            Waiting to send
          </h2>
          <ul className="request-grid">
            {queued.map((entry) => (
              <li key={entry.id}>
                <QueuedRequestCard entry={entry} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {query.data ? (
        <>
          <ListFreshness
            dataUpdatedAt={query.dataUpdatedAt}
            refreshFailed={query.isRefetchError}
            moreFailed={query.isFetchNextPageError}
          />
          {requests.length > 0 ? (
            <section aria-label="Your booking requests" className="request-section">
              <ul className="request-grid">
                {requests.map((request) => (
                  <li key={request.id}>
                    <BookingRequestCard request={request} />
                  </li>
                ))}
              </ul>
              <LoadMore
                shown={requests.length}
                total={total}
                noun="booking requests"
                hasMore={query.hasNextPage}
                loading={query.isFetchingNextPage}
                onLoadMore={() => void query.fetchNextPage()}
              />
            </section>
          ) : queued.length === 0 ? (
            <EmptyState message="You have no booking requests yet.">
              <Link to="/public-customers/book-vehicle" className={buttonClass('primary')}>
                Book a Vehicle
              </Link>
            </EmptyState>
          ) : null}
        </>
      ) : (
        <QueryFallback
          query={query}
          loadingLabel="Loading booking requests..."
          failure="Your booking requests could not be loaded."
          offline="Your booking requests will appear when the connection returns."
        />
      )}
    </div>
  );
}
