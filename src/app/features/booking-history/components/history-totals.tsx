import type { BookingHistoryTotals } from '#domain/api/booking-history';
import { BOOKING_STATUSES } from '#domain/constants';
import { BookingStatusBadge } from '../../../components/status-badge.tsx';
import { formatMoney } from '../../../lib/format.ts';

interface HistoryTotalsProps {
  totals: BookingHistoryTotals | undefined;
  currency: string;
  /** The totals could not be read (and none are kept). */
  failed: boolean;
}

/** How many bookings the filters match, what they add up to, and how many of each status. */
export function HistoryTotals({ totals, currency, failed }: HistoryTotalsProps) {
  if (!totals) {
    return (
      <p className="booking-history__totals-note" role="status">
        {failed ? 'The totals could not be loaded.' : 'Adding up the totals...'}
      </p>
    );
  }
  return (
    <section className="booking-history__totals" aria-label="Totals">
      <dl className="booking-history__figures">
        <div className="booking-history__figure">
          <dt>Bookings</dt>
          <dd>{totals.count}</dd>
        </div>
        <div className="booking-history__figure">
          <dt>Total amount</dt>
          <dd>{formatMoney(totals.amount, currency)}</dd>
        </div>
      </dl>
      <ul className="booking-history__statuses" aria-label="Bookings by status">
        {BOOKING_STATUSES.filter((status) => totals.statuses[status] > 0).map((status) => (
          <li key={status}>
            <BookingStatusBadge status={status} /> {totals.statuses[status]}
          </li>
        ))}
      </ul>
    </section>
  );
}
