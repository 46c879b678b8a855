import type { InvoiceStatus } from '#domain/api/invoices';

/** The list's filters, as the screen's search and the query string carry them. */
export interface InvoiceFilters {
  status?: InvoiceStatus | undefined;
  booking?: number | undefined;
  customer?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export const INVOICES_KEY = ['invoices'] as const;

export const invoiceKeys = {
  list: (filters: InvoiceFilters) => [...INVOICES_KEY, 'list', filters] as const,
  totals: (filters: InvoiceFilters) => [...INVOICES_KEY, 'totals', filters] as const,
  one: (id: number) => [...INVOICES_KEY, 'one', id] as const,
};

/** `?status=…&from=…` with only the filters that are set. */
export function filterQuery(filters: InvoiceFilters): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  return params.toString();
}
