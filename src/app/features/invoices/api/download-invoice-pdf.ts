import { useMutation } from '@tanstack/react-query';
import { downloadApiFile } from '../../../lib/download-file.ts';

/** GET invoices/{id}/pdf/, saved as the file the server names. */
export function useDownloadInvoicePdf(id: number) {
  return useMutation({ mutationFn: () => downloadApiFile(`invoices/${id}/pdf/`, 'invoice.pdf') });
}
