import { Link, useNavigate } from '@tanstack/react-router';
import { INVOICE_STATUSES, type InvoiceTotals } from '#domain/api/invoices';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ListFreshness } from '../../../offline/list-freshness.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { SelectField, TextField } from '../../../components/text-field.tsx';
import { buttonClass } from '../../../components/button.tsx';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { dateRangeError } from '../../../lib/date-range.ts';
import { useCurrency } from '#app/lib/currency';
import { useInvoiceTotals } from '../api/get-invoice-totals.ts';
import type { InvoiceFilters } from '../api/invoice-keys.ts';
import { useInvoices } from '../api/list-invoices.ts';
import { INVOICE_STATUS_LABELS, InvoiceStatusBadge, invoiceTitle } from './invoice-status-badge.tsx';
import '../invoices.css';

/** /finances/invoices: invoices with filters (status, period, booking, customer) and the period's totals. */
export function InvoicesPage({ filters }: { filters: InvoiceFilters }) {
  const navigate = useNavigate({ from: '/finances/invoices/' });
  const query = useInvoices(filters);
  const totals = useInvoiceTotals(filters);
  const currency = useCurrency();
  const setFilter = (changes: Partial<InvoiceFilters>) =>
    void navigate({ search: { ...filters, ...changes }, replace: true });
  const invoices = query.data?.items ?? [];

  return (
    <div className="page">
      <PageHeader title="Booking Invoices" description="Invoices of your bookings, numbered when they are issued." />
      <form className="invoice-filters" aria-label="Filter invoices" onSubmit={(event) => event.preventDefault()}>
        <SelectField
          label="Status"
          value={filters.status ?? ''}
          onChange={(event) => setFilter({ status: INVOICE_STATUSES.find((status) => status === event.target.value) })}
        >
          <option value="">All statuses</option>
          {INVOICE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {INVOICE_STATUS_LABELS[status]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="From"
          type="date"
          value={filters.from ?? ''}
          max={filters.to}
          onChange={(event) => setFilter({ from: event.target.value || undefined })}
        />
        <TextField
          label="To"
          type="date"
          value={filters.to ?? ''}
          min={filters.from}
          error={dateRangeError(filters.from, filters.to)}
          onChange={(event) => setFilter({ to: event.target.value || undefined })}
        />
        {filters.booking !== undefined || filters.customer !== undefined ? (
          <p className="invoice-filters__scope">
            {filters.booking !== undefined ? `Booking #${filters.booking}` : `Customer #${filters.customer}`}{' '}
            <Link to="/finances/invoices" search={{}} className={buttonClass('ghost', 'sm')}>
              Show all invoices
            </Link>
          </p>
        ) : null}
      </form>
      {totals.data ? <TotalsPanel totals={totals.data} currency={currency} /> : null}
      {query.data ? (
        <>
          <ListFreshness dataUpdatedAt={query.dataUpdatedAt} refreshFailed={query.isRefetchError} moreFailed={false} />
          {invoices.length === 0 ? (
            <EmptyState message="No invoices found." />
          ) : (
            <>
              <ul className="invoice-rows" aria-label="Invoices">
                {invoices.map((invoice) => (
                  <li key={invoice.id} className="invoice-row">
                    <div className="invoice-row__title">
                      <Link to="/finances/invoices/$id" params={{ id: invoice.id }}>
                        {invoiceTitle(invoice)}
                      </Link>
                      <span className="invoice-table__sub">Booking #{invoice.booking}</span>
                    </div>
                    <div className="invoice-row__who">
                      {invoice.customer_details.first_name} {invoice.customer_details.last_name}
                      <span className="invoice-table__sub">
                        {invoice.vehicle_details.make} {invoice.vehicle_details.model}
                      </span>
                    </div>
                    <div className="invoice-row__date">{formatDate(invoice.issue_date ?? invoice.created_at)}</div>
                    <div className="invoice-row__status">
                      <InvoiceStatusBadge status={invoice.status} />
                    </div>
                    <div className="invoice-row__total">{formatMoney(invoice.total, currency)}</div>
                  </li>
                ))}
              </ul>
              {query.data.total > invoices.length ? (
                <p className="invoice-filters__more">
                  Showing the latest {invoices.length} of {query.data.total} invoices. Narrow the period to see the
                  others.
                </p>
              ) : null}
            </>
          )}
        </>
      ) : (
        <QueryFallback
          query={query}
          loadingLabel="Loading invoices..."
          failure="The invoices could not be loaded."
          offline="The invoices will appear when the connection returns."
        />
      )}
    </div>
  );
}

function TotalsPanel({ totals, currency }: { totals: InvoiceTotals; currency: string }) {
  const live = totals.count - totals.by_status.void.count;
  return (
    <section className="panel invoice-totals" aria-labelledby="invoice-totals-title">
      <h2 id="invoice-totals-title" className="invoice-totals__title">
        Totals for the period
      </h2>
      <dl className="invoice-totals__list">
        <div className="invoice-totals__item invoice-totals__item--main">
          <dt>Total of {live === 1 ? '1 invoice' : `${live} invoices`}, void excluded</dt>
          <dd>{formatMoney(totals.total, currency)}</dd>
        </div>
        {INVOICE_STATUSES.map((status) => (
          <div key={status} className="invoice-totals__item">
            <dt>
              {INVOICE_STATUS_LABELS[status]} ({totals.by_status[status].count})
            </dt>
            <dd>{formatMoney(totals.by_status[status].total, currency)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
