import { Link } from '@tanstack/react-router';
import { Button } from '../../../components/button.tsx';
import { Refusal } from '../../../components/refusal.tsx';
import { StatusMessage } from '../../../components/status-message.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { useCurrency } from '#app/lib/currency';
import { useInvoices } from '../api/list-invoices.ts';
import { useInvoiceForBooking } from '../api/use-invoice-for-booking.ts';
import { InvoiceStatusBadge, invoiceTitle } from './invoice-status-badge.tsx';
import '../invoices.css';

/** Booking Details' invoices panel: the booking's invoices, and Create Invoice while none counts. */
export function BookingInvoices({ bookingId }: { bookingId: number }) {
  const query = useInvoices({ booking: bookingId });
  const create = useInvoiceForBooking();
  const currency = useCurrency();
  const invoices = query.data?.items ?? [];
  const live = invoices.some((invoice) => invoice.status !== 'void');
  return (
    <section className="panel invoice-section" aria-labelledby="booking-invoices-title">
      <h2 id="booking-invoices-title" className="invoice-section__title">
        Invoices
      </h2>
      {query.isError && !query.data ? (
        <StatusMessage tone="error">The invoices of this booking could not be loaded.</StatusMessage>
      ) : null}
      {invoices.length > 0 ? (
        <ul className="booking-invoices">
          {invoices.map((invoice) => (
            <li key={invoice.id} className="booking-invoices__item">
              <Link to="/finances/invoices/$id" params={{ id: invoice.id }}>
                {invoiceTitle(invoice)}
              </Link>
              <InvoiceStatusBadge status={invoice.status} />
              <span>{formatMoney(invoice.total, currency)}</span>
            </li>
          ))}
        </ul>
      ) : query.data ? (
        <p className="invoice-facts__sub">No invoice yet.</p>
      ) : null}
      {query.data && !live ? (
        <div className="invoice-actions booking-invoices__actions">
          <Refusal className="refusal--block" message={create.problem} focusKey={create.error} />
          <Button onClick={() => create.start(bookingId)} disabled={create.pending}>
            {create.pending ? 'Creating...' : 'Create Invoice'}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
