import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import type { Invoice } from '#domain/api/invoices';
import { ISSUED_NOT_EDITABLE } from '#domain/schemas/invoice';
import { Button, buttonClass } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ListFreshness } from '../../../offline/list-freshness.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { Refusal } from '../../../components/refusal.tsx';
import { StatusMessage } from '../../../components/status-message.tsx';
import { errorMessage } from '../../../lib/form-errors.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { useCurrency } from '#app/lib/currency';
import { useChangeInvoice } from '../api/change-invoice.ts';
import { useCreateInvoice } from '../api/create-invoice.ts';
import { useDownloadInvoicePdf } from '../api/download-invoice-pdf.ts';
import { useInvoice } from '../api/get-invoice.ts';
import { DraftEditor } from './draft-editor.tsx';
import { InvoiceStatusBadge, invoiceTitle } from './invoice-status-badge.tsx';
import { SumsList } from './sums-list.tsx';
import '../invoices.css';

type Action = 'issue' | 'paid' | 'void';

const CONFIRM: Record<Action, { title: string; message: string; label: string; tone: 'primary' | 'danger' }> = {
  issue: {
    title: 'Issue invoice',
    message: 'Issue this invoice? It gets the next invoice number and can no longer be edited.',
    label: 'Issue',
    tone: 'primary',
  },
  paid: {
    title: 'Mark as paid',
    message: 'Mark this invoice as paid today?',
    label: 'Mark Paid',
    tone: 'primary',
  },
  void: {
    title: 'Void invoice',
    message: 'Void this invoice? It keeps its number but no longer counts; you can then create a replacement.',
    label: 'Void',
    tone: 'danger',
  },
};

/** What each button of the invoice says when the server refuses it and gives no reason of its own. */
const FAILED: Record<Action | 'replace' | 'download', string> = {
  issue: 'The invoice could not be issued. Try again.',
  paid: 'The invoice could not be marked as paid. Try again.',
  void: 'The invoice could not be voided. Try again.',
  replace: 'The replacement invoice could not be created. Try again.',
  download: 'The PDF could not be prepared. Try again.',
};

const DONE: Record<Action, string> = {
  issue: 'Invoice issued.',
  paid: 'Invoice marked as paid.',
  void: 'Invoice voided.',
};

/** /finances/invoices/{id}: one invoice; a draft's lines are edited here, then it is issued, paid or voided. */
export function InvoicePage({ invoiceId }: { invoiceId: number }) {
  const query = useInvoice(invoiceId);
  const invoice = query.data;
  const back = (
    <Link to="/finances/invoices" className={buttonClass('secondary')}>
      Back
    </Link>
  );
  return (
    <div className="page">
      <PageHeader
        title={invoice ? invoiceTitle(invoice) : 'Invoice'}
        description={invoice ? `Booking #${invoice.booking}` : undefined}
        actions={back}
      />
      {invoice ? (
        <>
          <ListFreshness dataUpdatedAt={query.dataUpdatedAt} refreshFailed={query.isRefetchError} moreFailed={false} />
          <InvoiceDetails invoice={invoice} />
        </>
      ) : (
        <QueryFallback
          query={query}
          loadingLabel="Loading invoice..."
          failure="The invoice could not be loaded."
          offline="The invoice will appear when the connection returns."
          notFound={{ message: 'Invoice not found.', action: back }}
        />
      )}
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="invoice-facts__item">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function InvoiceDetails({ invoice }: { invoice: Invoice }) {
  const currency = useCurrency();
  const money = (amount: string) => formatMoney(amount, currency);
  const change = useChangeInvoice(invoice.id);
  const replace = useCreateInvoice();
  const download = useDownloadInvoicePdf(invoice.id);
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState<Action | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  /** The last button's refusal, said beside the buttons; a new press clears it. */
  const [failure, setFailure] = useState<{ error: unknown; action: keyof typeof FAILED } | null>(null);
  const customer = invoice.customer_details;
  const failed = (action: keyof typeof FAILED) => (error: unknown) => setFailure({ error, action });

  const run = (action: Action) => {
    setFailure(null);
    setDone(null);
    change.mutate(
      { kind: action },
      {
        onSuccess: () => setDone(DONE[action]),
        onError: failed(action),
        onSettled: () => setConfirming(null),
      },
    );
  };

  return (
    <>
      {done ? <StatusMessage tone="success">{done}</StatusMessage> : null}
      <section className="panel invoice-section" aria-labelledby="invoice-facts-title">
        <h2 id="invoice-facts-title" className="invoice-section__title">
          Details
        </h2>
        <dl className="invoice-facts">
          <Fact label="Status">
            <InvoiceStatusBadge status={invoice.status} />
          </Fact>
          <Fact label="Invoice number">{invoice.number ?? 'Given when issued'}</Fact>
          <Fact label="Issue date">{invoice.issue_date ? formatDate(invoice.issue_date) : 'Not issued'}</Fact>
          {invoice.paid_date ? <Fact label="Paid on">{formatDate(invoice.paid_date)}</Fact> : null}
          <Fact label="Customer">
            <Link to="/details/$id" params={{ id: invoice.customer }}>
              {customer.first_name} {customer.last_name}
            </Link>
          </Fact>
          <Fact label="Booking">
            <Link to="/booking-details/$id" params={{ id: invoice.booking }}>
              Booking #{invoice.booking}
            </Link>
            <span className="invoice-facts__sub">
              {invoice.vehicle_details.make} {invoice.vehicle_details.model},{' '}
              {formatDate(invoice.booking_details.start_date)} – {formatDate(invoice.booking_details.end_date)}
            </span>
          </Fact>
          {invoice.replaces !== null ? (
            <Fact label="Replaces">
              <Link to="/finances/invoices/$id" params={{ id: invoice.replaces }}>
                Void invoice #{invoice.replaces}
              </Link>
            </Fact>
          ) : null}
          {invoice.replaced_by !== null ? (
            <Fact label="Replaced by">
              <Link to="/finances/invoices/$id" params={{ id: invoice.replaced_by }}>
                Invoice #{invoice.replaced_by}
              </Link>
            </Fact>
          ) : null}
        </dl>
        <div className="invoice-actions">
          <Refusal
            className="refusal--block"
            message={failure ? errorMessage(failure.error, FAILED[failure.action]) : null}
            focusKey={failure?.error}
          />
          <Button
            variant="secondary"
            onClick={() => {
              setFailure(null);
              download.mutate(undefined, { onError: failed('download') });
            }}
            disabled={download.isPending}
          >
            {download.isPending ? 'Preparing PDF...' : 'Download PDF'}
          </Button>
          {invoice.status === 'draft' ? (
            <Button onClick={() => setConfirming('issue')} disabled={dirty}>
              Issue
            </Button>
          ) : null}
          {invoice.status === 'issued' ? <Button onClick={() => setConfirming('paid')}>Mark Paid</Button> : null}
          {invoice.status !== 'void' ? (
            <Button variant="danger" onClick={() => setConfirming('void')}>
              Void
            </Button>
          ) : null}
          {invoice.status === 'void' && invoice.replaced_by === null ? (
            <Button
              disabled={replace.isPending}
              onClick={() => {
                setFailure(null);
                replace.mutate(
                  { replaces: invoice.id },
                  {
                    onSuccess: (created) => void navigate({ to: '/finances/invoices/$id', params: { id: created.id } }),
                    onError: failed('replace'),
                  },
                );
              }}
            >
              {replace.isPending ? 'Creating...' : 'Create Replacement'}
            </Button>
          ) : null}
        </div>
        {dirty ? <p className="invoice-facts__sub">Save the draft before issuing it.</p> : null}
      </section>
      {invoice.status === 'draft' ? (
        <DraftEditor invoice={invoice} currency={currency} onDirty={setDirty} />
      ) : (
        <section className="panel invoice-section" aria-labelledby="invoice-lines-title">
          <h2 id="invoice-lines-title" className="invoice-section__title">
            Lines
          </h2>
          {invoice.status !== 'void' ? <p className="invoice-facts__sub">{ISSUED_NOT_EDITABLE}</p> : null}
          <div className="table-frame">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Description</th>
                  <th scope="col" className="table__cell--number">
                    Qty
                  </th>
                  <th scope="col" className="table__cell--number">
                    Unit price
                  </th>
                  <th scope="col" className="table__cell--number">
                    Amount
                  </th>
                </tr>
              </thead>
              <tbody>
                {invoice.lines.map((line, index) => (
                  <tr key={index}>
                    <td>{line.description}</td>
                    <td className="table__cell--number">{line.quantity}</td>
                    <td className="table__cell--number">{money(line.unit_amount)}</td>
                    <td className="table__cell--number">{money(line.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <SumsList
            label="Invoice totals"
            rate={invoice.tax_rate}
            subtotal={money(invoice.subtotal)}
            tax={money(invoice.tax)}
            total={money(invoice.total)}
          />
          {invoice.notes ? <p className="invoice-notes">{invoice.notes}</p> : null}
        </section>
      )}
      {confirming ? (
        <ConfirmDialog
          open
          title={CONFIRM[confirming].title}
          message={CONFIRM[confirming].message}
          confirmLabel={CONFIRM[confirming].label}
          tone={CONFIRM[confirming].tone}
          busy={change.isPending}
          onConfirm={() => run(confirming)}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
    </>
  );
}
