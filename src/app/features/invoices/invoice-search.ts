import { INVOICE_STATUSES } from '#domain/api/invoices';
import { isIsoDate } from '#domain/dates';
import type { InvoiceFilters } from './api/invoice-keys.ts';

const positiveId = (value: unknown): number | undefined => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : undefined;
};

const date = (value: unknown): string | undefined =>
  typeof value === 'string' && isIsoDate(value) ? value : undefined;

/** /finances/invoices' search: the list's filters; anything not understood is dropped. */
export function parseInvoiceSearch(search: { [name: string]: unknown }): InvoiceFilters {
  const filters: InvoiceFilters = {
    status: INVOICE_STATUSES.find((status) => status === search['status']),
    booking: positiveId(search['booking']),
    customer: positiveId(search['customer']),
    from: date(search['from']),
    to: date(search['to']),
  };
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined));
}
