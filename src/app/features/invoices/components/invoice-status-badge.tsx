import type { InvoiceStatus } from '#domain/api/invoices';
import { StatusBadge } from '../../../components/status-badge.tsx';
import type { BadgeTone } from '../../../lib/booking-labels.ts';

const TONES: Record<InvoiceStatus, BadgeTone> = { draft: 'neutral', issued: 'info', paid: 'success', void: 'danger' };
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: 'Draft',
  issued: 'Issued',
  paid: 'Paid',
  void: 'Void',
};

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <StatusBadge tone={TONES[status]}>{INVOICE_STATUS_LABELS[status]}</StatusBadge>;
}

/** "Invoice 12", or "Draft #34" before it has a number. */
export function invoiceTitle(invoice: { id: number; number: number | null }): string {
  return invoice.number === null ? `Draft #${invoice.id}` : `Invoice ${invoice.number}`;
}
