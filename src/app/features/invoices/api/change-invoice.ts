import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Invoice } from '#domain/api/invoices';
import { api } from '../../../lib/api-client.ts';
import { INVOICES_KEY, invoiceKeys } from './invoice-keys.ts';

/** What the invoice screen changes: a draft's lines and notes (as typed), or its status. */
export type InvoiceChange =
  | { kind: 'edit'; values: { lines: { description: string; quantity: string; unit_amount: string }[]; notes: string } }
  | { kind: 'issue' | 'paid' | 'void' };

/**
 * PATCH invoices/{id}/, or POST invoices/{id}/issue|paid|void/. Online only: an issued number
 * must come from the server at once, so these are not queued in the outbox.
 */
export function useChangeInvoice(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: InvoiceChange) =>
      change.kind === 'edit'
        ? api.patch<Invoice>(`invoices/${id}/`, change.values)
        : api.post<Invoice>(`invoices/${id}/${change.kind}/`),
    onSuccess: async (invoice) => {
      queryClient.setQueryData(invoiceKeys.one(id), invoice);
      await queryClient.invalidateQueries({ queryKey: INVOICES_KEY });
    },
  });
}
