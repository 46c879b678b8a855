import { Link } from '@tanstack/react-router';
import { datesInOrder } from '#domain/schemas/booking-history';
import { localIsoDate } from '#domain/dates';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ListFreshness } from '../../../offline/list-freshness.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { allItems } from '../../../lib/paging.ts';
import { useCurrency } from '#app/lib/currency';
import { useBookingHistory, useBookingHistoryTotals, type HistoryFilter } from '../api/booking-history.ts';
import { HistoryFilters } from './history-filters.tsx';
import { HistoryList } from './history-list.tsx';
import { HistoryTotals } from './history-totals.tsx';
import '../booking-history.css';

interface BookingHistoryPageProps {
  filter: HistoryFilter;
  onFilter: (filter: HistoryFilter) => void;
}

/**
 * /bookings/history: completed and cancelled bookings and those whose end date has passed,
 * filtered on the server, with the totals of everything the filters match above the list.
 * Readable offline from the persisted cache, for filters asked for before.
 */
export function BookingHistoryPage({ filter, onFilter }: BookingHistoryPageProps) {
  // The desk's own day decides what has passed (decision 016).
  const today = localIsoDate();
  const currency = useCurrency();
  const valid = datesInOrder(filter);
  return (
    <div className="page">
      <PageHeader
        title="Booking History"
        description="Completed and cancelled bookings, and every booking whose end date has passed, latest first."
        actions={<Link to="/bookings/list">All bookings</Link>}
      />
      <HistoryFilters filter={filter} onChange={onFilter} />
      {valid ? <HistoryResults filter={filter} today={today} currency={currency} /> : null}
    </div>
  );
}

function HistoryResults({ filter, today, currency }: { filter: HistoryFilter; today: string; currency: string }) {
  const query = useBookingHistory(filter, today);
  const totals = useBookingHistoryTotals(filter, today);
  const bookings = allItems(query.data?.pages);
  const lastPage = query.data?.pages.at(-1);
  return (
    <div className="booking-history" aria-busy={query.isFetching && query.isPlaceholderData}>
      <HistoryTotals totals={totals.data} currency={currency} failed={totals.isError} />
      {query.data ? (
        <>
          <ListFreshness
            dataUpdatedAt={query.dataUpdatedAt}
            refreshFailed={query.isRefetchError}
            moreFailed={query.isFetchNextPageError}
          />
          {bookings.length > 0 ? (
            <>
              <HistoryList bookings={bookings} currency={currency} />
              <LoadMore
                shown={bookings.length}
                total={lastPage?.total ?? 0}
                totalCapped={lastPage?.totalCapped}
                noun="bookings"
                hasMore={query.hasNextPage}
                loading={query.isFetchingNextPage}
                onLoadMore={() => void query.fetchNextPage()}
              />
            </>
          ) : (
            <EmptyState message="No past bookings found.">
              <p>Bookings appear here once they are completed, cancelled or past their end date.</p>
            </EmptyState>
          )}
        </>
      ) : (
        <QueryFallback
          query={query}
          loadingLabel="Loading booking history..."
          failure="The booking history could not be loaded."
          offline="The booking history will appear when the connection returns."
        />
      )}
    </div>
  );
}
