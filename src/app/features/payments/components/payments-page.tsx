import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { PAYMENT_METHODS } from '#domain/constants';
import { PAYMENT_KINDS, PAYMENT_STATUSES } from '#domain/payment-kinds';
import { localIsoDate } from '#domain/dates';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ListFreshness } from '../../../offline/list-freshness.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { SelectField, TextField } from '../../../components/text-field.tsx';
import { paymentMethodLabel } from '../../../lib/booking-labels.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { allItems } from '../../../lib/paging.ts';
import { dateRangeError } from '../../../lib/date-range.ts';
import { useCurrency } from '#app/lib/currency';
import { usePayments, type Payment, type PaymentFilter, type PaymentTotals } from '../api/payments.ts';
import { paymentKindLabel, paymentStatusLabel, paymentStatusTone } from '../payment-labels.ts';
import '../payments.css';

const firstOfMonth = () => `${localIsoDate().slice(0, 8)}01`;

/**
 * /finances/payments: every payment of the agency (every agency's for staff), filtered by kind,
 * method, status and period, with the period's totals; a table on wider screens and cards on
 * phones. Read-only: money is recorded on a booking. Offline it shows the list last loaded.
 */
export function PaymentsPage() {
  const [filter, setFilter] = useState<PaymentFilter>(() => ({
    kind: '',
    method: '',
    status: '',
    from: firstOfMonth(),
    to: '',
  }));
  const query = usePayments(filter);
  const payments = allItems(query.data?.pages);
  const firstPage = query.data?.pages[0];
  const currency = useCurrency();
  const set = (field: keyof PaymentFilter) => (event: { target: { value: string } }) =>
    setFilter((current) => ({ ...current, [field]: event.target.value }));

  return (
    <div className="page">
      <PageHeader title="Payments" description="Payments, deposits and refunds. Record them on a booking's details." />
      <form className="payments-filters" aria-label="Filter payments" onSubmit={(event) => event.preventDefault()}>
        <SelectField label="Kind" value={filter.kind} onChange={set('kind')}>
          <option value="">All kinds</option>
          {PAYMENT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {paymentKindLabel(kind)}
            </option>
          ))}
        </SelectField>
        <SelectField label="Method" value={filter.method} onChange={set('method')}>
          <option value="">All methods</option>
          {PAYMENT_METHODS.map((method) => (
            <option key={method} value={method}>
              {paymentMethodLabel(method)}
            </option>
          ))}
        </SelectField>
        <SelectField label="Status" value={filter.status} onChange={set('status')}>
          <option value="">All statuses</option>
          {PAYMENT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {paymentStatusLabel(status)}
            </option>
          ))}
        </SelectField>
        <TextField label="From" type="date" value={filter.from} onChange={set('from')} />
        <TextField
          label="To"
          type="date"
          value={filter.to}
          onChange={set('to')}
          error={dateRangeError(filter.from, filter.to)}
        />
      </form>
      {query.data && firstPage ? (
        <>
          <ListFreshness
            dataUpdatedAt={query.dataUpdatedAt}
            refreshFailed={query.isRefetchError}
            moreFailed={query.isFetchNextPageError}
          />
          <Totals totals={firstPage.totals} currency={currency} />
          {payments.length > 0 ? (
            <>
              <PaymentsTable payments={payments} currency={currency} />
              <ul className="payment-cards" aria-label="Payments">
                {payments.map((payment) => (
                  <li key={payment.id}>
                    <PaymentCard payment={payment} currency={currency} />
                  </li>
                ))}
              </ul>
              <LoadMore
                shown={payments.length}
                total={query.data.pages.at(-1)?.total ?? 0}
                noun="payments"
                hasMore={query.hasNextPage}
                loading={query.isFetchingNextPage}
                onLoadMore={() => void query.fetchNextPage()}
              />
            </>
          ) : (
            <EmptyState message="No payments found.">
              <p>Nothing matches these filters. Try another period or clear a filter.</p>
            </EmptyState>
          )}
        </>
      ) : (
        <QueryFallback
          query={query}
          loadingLabel="Loading payments..."
          failure="The payments could not be loaded."
          offline="The payments will appear when the connection returns."
        />
      )}
    </div>
  );
}

function Totals({ totals, currency }: { totals: PaymentTotals; currency: string }) {
  const items: [string, string][] = [
    ['Received', totals.received],
    ['Refunded', totals.refunded],
    ['Deposits taken', totals.deposits],
    ['Due', totals.due],
  ];
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className="visually-hidden">
        Totals for the period
      </h2>
      <dl className="payments-totals">
        {items.map(([label, amount]) => (
          <div key={label} className="panel payments-totals__item">
            <dt>{label}</dt>
            <dd>{formatMoney(amount, currency)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function BookingLink({ payment }: { payment: Payment }) {
  return (
    <Link to="/booking-details/$id" params={{ id: payment.booking }}>
      Booking #{payment.booking}
    </Link>
  );
}

function signed(payment: Payment, currency: string) {
  return `${payment.kind === 'refund' ? '−' : ''}${formatMoney(payment.amount, currency)}`;
}

function PaymentsTable({ payments, currency }: { payments: Payment[]; currency: string }) {
  return (
    <div className="table-frame payments-table">
      <table className="table">
        <caption className="visually-hidden">Payments</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Booking</th>
            <th scope="col">Kind</th>
            <th scope="col">Method</th>
            <th scope="col" className="table__cell--number">
              Amount
            </th>
            <th scope="col">Reference</th>
          </tr>
        </thead>
        <tbody>
          {payments.map((payment) => (
            <tr key={payment.id}>
              <td>{formatDate(payment.paid_on)}</td>
              <td>
                <BookingLink payment={payment} />
                <span className="payments-table__sub">
                  {payment.booking_details.customer_name} · {payment.booking_details.vehicle}
                </span>
              </td>
              <td>
                {/* The status under the kind keeps the amount in view on a tablet beside the sidebar. */}
                <span className="payments-table__kind">{paymentKindLabel(payment.kind)}</span>
                <StatusBadge tone={paymentStatusTone(payment.status)}>{paymentStatusLabel(payment.status)}</StatusBadge>
              </td>
              <td>{paymentMethodLabel(payment.method)}</td>
              <td className="table__cell--number">{signed(payment, currency)}</td>
              <td>{payment.reference ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PaymentCard({ payment, currency }: { payment: Payment; currency: string }) {
  return (
    <article className="panel payment-card">
      <div className="payment-card__heading">
        <h2 className="payment-card__title">
          {paymentKindLabel(payment.kind)} · {signed(payment, currency)}
        </h2>
        <StatusBadge tone={paymentStatusTone(payment.status)}>{paymentStatusLabel(payment.status)}</StatusBadge>
      </div>
      <p>
        {formatDate(payment.paid_on)} · {paymentMethodLabel(payment.method)}
        {payment.reference ? ` · ${payment.reference}` : ''}
      </p>
      <p>
        <BookingLink payment={payment} /> · {payment.booking_details.customer_name} · {payment.booking_details.vehicle}
      </p>
    </article>
  );
}
