import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvoiceTotals } from '#domain/api/invoices';
import { api } from '../../../lib/api-client.ts';
import { filterQuery, invoiceKeys, type InvoiceFilters } from './invoice-keys.ts';

export const invoiceTotalsQueryOptions = (filters: InvoiceFilters) =>
  queryOptions({
    queryKey: invoiceKeys.totals(filters),
    queryFn: ({ signal }) => api.get<InvoiceTotals>(`invoices/totals/?${filterQuery(filters)}`, signal),
    staleTime: 0,
  });

export function useInvoiceTotals(filters: InvoiceFilters) {
  return useQuery(invoiceTotalsQueryOptions(filters));
}
