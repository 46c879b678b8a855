import { useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import type { StaffBooking } from '#domain/api/bookings';
import type { StaffBookingOrdering } from '#domain/schemas/booking';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ListFreshness } from '../../../offline/list-freshness.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { orderingParam, SortHeader, type SortState } from '../../../components/sort-header.tsx';
import { BookingStatusBadge } from '../../../components/status-badge.tsx';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { allItems } from '../../../lib/paging.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useCurrency } from '#app/lib/currency';
import { useStaffBookings } from '../api/list-staff-bookings.ts';
import { vehicleLabel } from '#app/lib/vehicle-label';
import { BookingRowMenu } from './booking-row-menu.tsx';
import '../bookings.css';

type SortField = 'customer' | 'vehicle' | 'start_date' | 'created_at';

const NEWEST_FIRST: SortState<SortField> = { field: 'created_at', direction: 'desc' };

/** The phone's sort select: the same orders as the table's headers. */
const SORT_CHOICES: { value: StaffBookingOrdering; label: string }[] = [
  { value: '-created_at', label: 'Date Added (newest first)' },
  { value: 'created_at', label: 'Date Added (oldest first)' },
  { value: 'customer', label: 'Customer (A–Z)' },
  { value: '-customer', label: 'Customer (Z–A)' },
  { value: 'vehicle', label: 'Vehicle (A–Z)' },
  { value: '-vehicle', label: 'Vehicle (Z–A)' },
  { value: 'start_date', label: 'Start Date (earliest first)' },
  { value: '-start_date', label: 'Start Date (latest first)' },
];

function sortFrom(ordering: StaffBookingOrdering): SortState<SortField> {
  const descending = ordering.startsWith('-');
  return { field: ordering.replace(/^-/, '') as SortField, direction: descending ? 'desc' : 'asc' };
}

function customerName(booking: StaffBooking): string {
  return `${booking.customer_details.first_name} ${booking.customer_details.last_name}`;
}

interface StaffBookingsListProps {
  /** Only this customer's bookings (the customer chooser of /customers/bookings). */
  customerId?: number | undefined;
  /** Names the list for screen readers. */
  label: string;
}

/**
 * The staff booking list (SPEC §2): search by customer or vehicle and sort, both on the server; a
 * table on wider screens and cards with the same menu on phones (CSS shows one, so screen readers
 * meet only one); paged with Load more; readable offline from the persisted cache.
 */
export function StaffBookingsList({ customerId, label }: StaffBookingsListProps) {
  const [text, setText] = useState('');
  const [sort, setSort] = useState<SortState<SortField>>(NEWEST_FIRST);
  const search = useDebouncedValue(text.trim());
  const ordering = orderingParam(sort) as StaffBookingOrdering;
  const query = useStaffBookings({ search, ordering, customerId });
  const bookings = allItems(query.data?.pages);
  const lastPage = query.data?.pages.at(-1);
  const total = lastPage?.total ?? 0;
  const currency = useCurrency();
  const searchId = useId();
  const sortId = useId();

  return (
    <div className="staff-bookings">
      <div className="staff-bookings__tools">
        <div className="field staff-bookings__search">
          <label className="field__label" htmlFor={searchId}>
            Search bookings
          </label>
          <input
            id={searchId}
            className="field__input"
            type="search"
            placeholder="Customer name or vehicle"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <div className="field staff-bookings__sort">
          <label className="field__label" htmlFor={sortId}>
            Sort by
          </label>
          <select
            id={sortId}
            className="field__input field__select"
            value={ordering}
            onChange={(event) => setSort(sortFrom(event.target.value as StaffBookingOrdering))}
          >
            {SORT_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {query.data ? (
        <>
          <ListFreshness
            dataUpdatedAt={query.dataUpdatedAt}
            refreshFailed={query.isRefetchError}
            moreFailed={query.isFetchNextPageError}
          />
          {bookings.length > 0 ? (
            <>
              <BookingsTable bookings={bookings} currency={currency} sort={sort} onSort={setSort} label={label} />
              <ul className="staff-booking-cards" aria-label={label}>
                {bookings.map((booking) => (
                  <li key={booking.id}>
                    <BookingCard booking={booking} currency={currency} />
                  </li>
                ))}
              </ul>
              <LoadMore
                shown={bookings.length}
                total={total}
                totalCapped={lastPage?.totalCapped}
                noun="bookings"
                hasMore={query.hasNextPage}
                loading={query.isFetchingNextPage}
                onLoadMore={() => void query.fetchNextPage()}
              />
            </>
          ) : (
            <EmptyState message="No bookings found.">
              {search ? <p>Nothing matches “{search}”. Try a customer’s name or a vehicle’s make.</p> : null}
            </EmptyState>
          )}
        </>
      ) : (
        <QueryFallback
          query={query}
          loadingLabel="Loading bookings..."
          failure="The bookings could not be loaded."
          offline="The bookings will appear when the connection returns."
        />
      )}
    </div>
  );
}

interface BookingsTableProps {
  bookings: StaffBooking[];
  currency: string;
  sort: SortState<SortField>;
  onSort: (sort: SortState<SortField>) => void;
  label: string;
}

function BookingsTable({ bookings, currency, sort, onSort, label }: BookingsTableProps) {
  const navigate = useNavigate();
  return (
    <div className="table-frame staff-bookings__table">
      <table className="table">
        <caption className="visually-hidden">{label}</caption>
        <thead>
          <tr>
            <SortHeader field="customer" label="Customer" sort={sort} onSort={onSort} />
            <SortHeader field="vehicle" label="Vehicle" sort={sort} onSort={onSort} />
            <SortHeader field="start_date" label="Start Date" sort={sort} onSort={onSort} />
            <th scope="col">End Date</th>
            <th scope="col" className="table__cell--number">
              Amount
            </th>
            <SortHeader field="created_at" label="Date Added" sort={sort} onSort={onSort} />
            <th scope="col" className="table__cell--actions">
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {bookings.map((booking) => (
            <tr
              key={booking.id}
              className="table__row--link"
              // The row opens the booking for a pointer; keyboard users have View in the row's menu.
              onClick={() => void navigate({ to: '/booking-details/$id', params: { id: booking.id } })}
            >
              <td>
                {/* SPEC §2's columns, with the status (SPEC §4's colours) under the customer's name. */}
                <span className="staff-bookings__name">{customerName(booking)}</span>
                <BookingStatusBadge status={booking.booking_status} />
              </td>
              <td>
                <span className="staff-bookings__name">
                  {booking.vehicle_details.make} {booking.vehicle_details.model}
                </span>
                <span className="staff-bookings__sub">{booking.vehicle_details.registration_number}</span>
              </td>
              <td className="staff-bookings__date">{formatDate(booking.start_date)}</td>
              <td className="staff-bookings__date">{formatDate(booking.end_date)}</td>
              <td className="table__cell--number">{formatMoney(booking.booking_amount, currency)}</td>
              <td className="staff-bookings__date">{formatDate(booking.created_at)}</td>
              <td className="table__cell--actions">
                <BookingRowMenu booking={booking} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function BookingCard({ booking, currency }: { booking: StaffBooking; currency: string }) {
  return (
    <article className="staff-booking-card">
      <div className="staff-booking-card__heading">
        <div>
          <h2 className="staff-booking-card__title">{customerName(booking)}</h2>
          <p className="staff-booking-card__vehicle">{vehicleLabel(booking.vehicle_details)}</p>
        </div>
        <BookingRowMenu booking={booking} />
      </div>
      <dl className="staff-booking-facts staff-booking-facts--compact">
        <div className="staff-booking-facts__item">
          <dt>Dates</dt>
          <dd>
            {formatDate(booking.start_date)} – {formatDate(booking.end_date)}
          </dd>
        </div>
        <div className="staff-booking-facts__item">
          <dt>Amount</dt>
          <dd>{formatMoney(booking.booking_amount, currency)}</dd>
        </div>
        <div className="staff-booking-facts__item">
          <dt>Status</dt>
          <dd>
            <BookingStatusBadge status={booking.booking_status} />
          </dd>
        </div>
        <div className="staff-booking-facts__item">
          <dt>Date Added</dt>
          <dd>{formatDate(booking.created_at)}</dd>
        </div>
      </dl>
    </article>
  );
}
