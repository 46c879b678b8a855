import { isoDateOrUndefined } from '#domain/dates';
import { INVOICE_STATUSES } from '#domain/api/invoices';
import { definedOnly, searchId } from '../../lib/search-params.ts';
import type { InvoiceFilters } from './api/invoice-keys.ts';

/** /finances/invoices' search: the list's filters; anything not understood is dropped. */
export function parseInvoiceSearch(search: { [name: string]: unknown }): InvoiceFilters {
  return definedOnly<InvoiceFilters>({
    status: INVOICE_STATUSES.find((status) => status === search['status']),
    booking: searchId(search['booking']),
    customer: searchId(search['customer']),
    from: isoDateOrUndefined(search['from']),
    to: isoDateOrUndefined(search['to']),
  });
}
