import type { Invoice, InvoiceStatus } from '#domain/api/invoices';
import type { Deps } from '../../context.ts';
import { findInvoice } from '../../repositories/invoices.ts';
import { Conflict, NotFound } from '../errors.ts';

export const INVOICE_NOT_FOUND = 'Invoice not found.';

/** An invoice of the caller's scope (any for staff); another agency's is not found (404) like a missing one. */
export async function reachableInvoice(deps: Deps, id: number, scope: number | null): Promise<Invoice> {
  const invoice = await findInvoice(deps.db, id, scope);
  if (!invoice) throw new NotFound(INVOICE_NOT_FOUND);
  return invoice;
}

/** How an invoice is named in messages: its number once issued. */
export function invoiceName(invoice: { id: number; number: number | null; status: InvoiceStatus }): string {
  return invoice.number === null ? `a draft invoice (#${invoice.id})` : `invoice ${invoice.number}`;
}

/** The conflict (409) for a status change the invoice's status does not allow. */
export function wrongStatus(invoice: Invoice, wanted: 'issue' | 'pay' | 'void'): never {
  const messages: Record<typeof wanted, Partial<Record<InvoiceStatus, string>>> = {
    issue: { issued: 'This invoice is already issued.', paid: 'This invoice is already paid.' },
    pay: { draft: 'Issue the invoice before marking it paid.', paid: 'This invoice is already paid.' },
    void: { void: 'This invoice is already void.' },
  };
  throw new Conflict(messages[wanted][invoice.status] ?? 'This invoice is void.');
}
