import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Invoice } from '#domain/api/invoices';
import { api } from '../../../lib/api-client.ts';
import { invoiceKeys } from './invoice-keys.ts';

export const invoiceQueryOptions = (id: number) =>
  queryOptions({
    queryKey: invoiceKeys.one(id),
    queryFn: ({ signal }) => api.get<Invoice>(`invoices/${id}/`, signal),
    staleTime: 0,
  });

export function useInvoice(id: number) {
  return useQuery(invoiceQueryOptions(id));
}
