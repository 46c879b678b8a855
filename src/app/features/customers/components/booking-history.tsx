import type { CustomerBookingHistoryItem } from '#domain/api/bookings';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ListFreshness } from '../../../offline/list-freshness.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { RowMenu, type RowMenuItem } from '../../../components/row-menu.tsx';
import { BookingStatusBadge } from '../../../components/status-badge.tsx';
import { paymentMethodLabel } from '../../../lib/booking-labels.ts';
import { formatDate, formatKm, formatMoney } from '../../../lib/format.ts';
import { Fragment } from 'react';
import { allItems } from '../../../lib/paging.ts';
import { Refusal } from '../../../components/refusal.tsx';
import { useInvoiceForBooking } from '../../invoices/index.ts';
import { useCurrency } from '#app/lib/currency';
import { useCustomerBookings } from '../api/list-customer-bookings.ts';

function bookingMenu(booking: CustomerBookingHistoryItem, createInvoice: (booking: number) => void): RowMenuItem[] {
  return [
    { label: 'View Booking', link: { to: '/booking-details/$id', params: { id: booking.id } } },
    { label: 'Edit Booking', link: { to: '/edit-booking/$id', params: { id: booking.id } } },
    { label: 'Create Invoice', onSelect: () => createInvoice(booking.id) },
  ];
}

const mileage = (booking: CustomerBookingHistoryItem) =>
  booking.estimated_mileage === null ? '—' : formatKm(booking.estimated_mileage);

/** The customer's bookings: a table on wider screens, a swipeable row of cards on phones. */
export function BookingHistory({ customerId }: { customerId: number }) {
  const query = useCustomerBookings(customerId);
  const currency = useCurrency();
  const invoice = useInvoiceForBooking();
  const menu = (booking: CustomerBookingHistoryItem) => bookingMenu(booking, invoice.start);
  const bookings = allItems(query.data?.pages);
  const total = query.data?.pages.at(-1)?.total ?? 0;
  /** Create Invoice's refusal, said in the row of the booking whose menu asked for it. */
  const refusal = (booking: CustomerBookingHistoryItem) => (
    <Refusal message={invoice.booking === booking.id ? invoice.problem : null} focusKey={invoice.error} />
  );

  return (
    <section className="booking-history" aria-labelledby="booking-history-title">
      <h2 id="booking-history-title" className="details-section__title">
        Booking history
      </h2>
      {!query.data ? (
        <QueryFallback
          query={query}
          loadingLabel="Loading bookings..."
          failure="The bookings could not be loaded."
          offline="The bookings will appear when the connection returns."
        />
      ) : bookings.length === 0 ? (
        <EmptyState message="No bookings found for this customer." />
      ) : (
        <>
          <ListFreshness
            dataUpdatedAt={query.dataUpdatedAt}
            refreshFailed={query.isRefetchError}
            moreFailed={query.isFetchNextPageError}
          />
          <div className="table-frame booking-history__table">
            <table className="table">
              <caption className="visually-hidden">Bookings of this customer</caption>
              <thead>
                <tr>
                  <th scope="col">Booking ID</th>
                  <th scope="col">Date</th>
                  <th scope="col" className="table__cell--number">
                    Amount
                  </th>
                  <th scope="col" className="table__cell--number">
                    Mileage
                  </th>
                  <th scope="col">Payment Method</th>
                  <th scope="col">Status</th>
                  <th scope="col" className="table__cell--actions">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody>
                {bookings.map((booking) => (
                  <Fragment key={booking.id}>
                    <tr>
                      <td>#{booking.id}</td>
                      <td>{formatDate(booking.created_at)}</td>
                      <td className="table__cell--number">{formatMoney(booking.booking_amount, currency)}</td>
                      <td className="table__cell--number">{mileage(booking)}</td>
                      <td>{paymentMethodLabel(booking.payment_method)}</td>
                      <td>
                        <BookingStatusBadge status={booking.booking_status} />
                      </td>
                      <td className="table__cell--actions">
                        <RowMenu label={`Actions for booking #${booking.id}`} items={menu(booking)} />
                      </td>
                    </tr>
                    {invoice.problem && invoice.booking === booking.id ? (
                      <tr>
                        <td colSpan={7}>{refusal(booking)}</td>
                      </tr>
                    ) : null}
                  </Fragment>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="booking-carousel" aria-label="Bookings of this customer" tabIndex={0}>
            {bookings.map((booking) => (
              <li key={booking.id} className="booking-carousel__item">
                <article className="history-card">
                  <div className="history-card__heading">
                    <h3 className="history-card__title">Booking #{booking.id}</h3>
                    <RowMenu label={`Actions for booking #${booking.id}`} items={menu(booking)} />
                  </div>
                  <p className="history-card__vehicle">
                    {booking.vehicle_details.make} {booking.vehicle_details.model}
                  </p>
                  <dl className="details-facts details-facts--compact">
                    <div className="details-facts__item">
                      <dt>Date</dt>
                      <dd>{formatDate(booking.created_at)}</dd>
                    </div>
                    <div className="details-facts__item">
                      <dt>Amount</dt>
                      <dd>{formatMoney(booking.booking_amount, currency)}</dd>
                    </div>
                    <div className="details-facts__item">
                      <dt>Mileage</dt>
                      <dd>{mileage(booking)}</dd>
                    </div>
                    <div className="details-facts__item">
                      <dt>Payment</dt>
                      <dd>{paymentMethodLabel(booking.payment_method)}</dd>
                    </div>
                  </dl>
                  <BookingStatusBadge status={booking.booking_status} />
                  {refusal(booking)}
                </article>
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
        </>
      )}
    </section>
  );
}
