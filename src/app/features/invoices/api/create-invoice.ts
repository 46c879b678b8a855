import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Invoice } from '#domain/api/invoices';
import { api } from '../../../lib/api-client.ts';
import { INVOICES_KEY, invoiceKeys } from './invoice-keys.ts';

/** POST invoices/ with {booking} (a draft from the booking) or {replaces} (a void invoice's replacement). */
export function useCreateInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { booking: number } | { replaces: number }) => api.post<Invoice>('invoices/', body),
    onSuccess: async (invoice) => {
      queryClient.setQueryData(invoiceKeys.one(invoice.id), invoice);
      await queryClient.invalidateQueries({ queryKey: INVOICES_KEY });
    },
  });
}
