import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvoiceSummary } from '#domain/api/invoices';
import { api } from '../../../lib/api-client.ts';
import { filterQuery, invoiceKeys, type InvoiceFilters } from './invoice-keys.ts';

/** The server's page cap: a period's invoices fit one page; the total says when there are more. */
const PAGE = 200;

export const invoicesQueryOptions = (filters: InvoiceFilters) =>
  queryOptions({
    queryKey: invoiceKeys.list(filters),
    queryFn: ({ signal }) => api.list<InvoiceSummary>(`invoices/?${filterQuery(filters)}&limit=${PAGE}`, signal),
    staleTime: 0,
  });

export function useInvoices(filters: InvoiceFilters) {
  return useQuery(invoicesQueryOptions(filters));
}
