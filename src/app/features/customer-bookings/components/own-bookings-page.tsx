import { Link } from '@tanstack/react-router';
import type { CustomerBooking } from '#domain/api/bookings';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { useCurrency } from '#app/lib/currency';
import { useOwnBookings } from '../api/list-own-bookings.ts';
import { allItems } from '../../../lib/paging.ts';
import { ListFreshness } from '../../../offline/list-freshness.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { BookingStatusBadge } from '../../../components/status-badge.tsx';
import '../customer-bookings.css';

/**
 * /bookings/list for a customer: their bookings as a table on wide screens and as cards on
 * narrow ones (CSS picks one; the other is display:none, so screen readers meet only one).
 */
export function OwnBookingsPage() {
  const query = useOwnBookings();
  const currency = useCurrency();
  const bookings = allItems(query.data?.pages);
  const total = query.data?.pages.at(-1)?.total ?? 0;

  return (
    <div className="page">
      <PageHeader title="Bookings" description="Your bookings, newest first." />
      {query.data ? (
        <>
          <ListFreshness
            dataUpdatedAt={query.dataUpdatedAt}
            refreshFailed={query.isRefetchError}
            moreFailed={query.isFetchNextPageError}
          />
          {bookings.length > 0 ? (
            <div className="own-bookings">
              <BookingsTable bookings={bookings} currency={currency} />
              <ul className="booking-cards" aria-label="Your bookings">
                {bookings.map((booking) => (
                  <li key={booking.id}>
                    <BookingCard booking={booking} currency={currency} />
                  </li>
                ))}
              </ul>
              <LoadMore
                shown={bookings.length}
                total={total}
                noun="bookings"
                hasMore={query.hasNextPage}
                loading={query.isFetchingNextPage}
                onLoadMore={() => void query.fetchNextPage()}
              />
            </div>
          ) : (
            <EmptyState message="No bookings found.">
              <p>
                Confirmed booking requests appear here. See your{' '}
                <Link to="/customer/booking-requests">booking requests</Link>.
              </p>
            </EmptyState>
          )}
        </>
      ) : (
        <QueryFallback
          query={query}
          loadingLabel="Loading bookings..."
          failure="Your bookings could not be loaded."
          offline="Your bookings will appear when the connection returns."
        />
      )}
    </div>
  );
}

function vehicleName(booking: CustomerBooking): string {
  return `${booking.vehicle_details.make} ${booking.vehicle_details.model}`;
}

function BookingsTable({ bookings, currency }: { bookings: CustomerBooking[]; currency: string }) {
  return (
    <div className="bookings-table-wrap">
      <table className="bookings-table">
        <caption className="visually-hidden">Your bookings</caption>
        <thead>
          <tr>
            <th scope="col">Vehicle</th>
            <th scope="col">Start Date</th>
            <th scope="col">End Date</th>
            <th scope="col" className="bookings-table__number">
              Amount
            </th>
            <th scope="col">Status</th>
            <th scope="col">Created</th>
          </tr>
        </thead>
        <tbody>
          {bookings.map((booking) => (
            <tr key={booking.id}>
              <th scope="row">
                <Link to="/customer/bookings/$id" params={{ id: booking.id }} className="bookings-table__link">
                  {vehicleName(booking)}
                </Link>
              </th>
              <td>{formatDate(booking.start_date)}</td>
              <td>{formatDate(booking.end_date)}</td>
              <td className="bookings-table__number">{formatMoney(booking.booking_amount, currency)}</td>
              <td>
                <BookingStatusBadge status={booking.booking_status} />
              </td>
              <td>{formatDate(booking.created_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function BookingCard({ booking, currency }: { booking: CustomerBooking; currency: string }) {
  return (
    <article className="booking-card">
      <div className="booking-card__heading">
        <h2 className="booking-card__title">
          <Link to="/customer/bookings/$id" params={{ id: booking.id }} className="booking-card__link">
            {vehicleName(booking)}
          </Link>
        </h2>
        <BookingStatusBadge status={booking.booking_status} />
      </div>
      <dl className="facts facts--grid">
        <div className="facts__item">
          <dt>Start Date</dt>
          <dd>{formatDate(booking.start_date)}</dd>
        </div>
        <div className="facts__item">
          <dt>End Date</dt>
          <dd>{formatDate(booking.end_date)}</dd>
        </div>
        <div className="facts__item">
          <dt>Amount</dt>
          <dd>{formatMoney(booking.booking_amount, currency)}</dd>
        </div>
        <div className="facts__item">
          <dt>Created</dt>
          <dd>{formatDate(booking.created_at)}</dd>
        </div>
      </dl>
    </article>
  );
}
