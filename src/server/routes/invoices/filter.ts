import type { InvoiceFilterInput } from '#domain/schemas/invoice';
import type { InvoiceFilter } from '../../repositories/invoices.ts';

/** A list's query as the repository's filter, within the caller's scope. */
export function invoiceFilter(scope: number | null, query: InvoiceFilterInput): InvoiceFilter {
  return {
    scope,
    status: query.status,
    bookingId: query.booking,
    customerId: query.customer,
    from: query.from,
    to: query.to,
  };
}
