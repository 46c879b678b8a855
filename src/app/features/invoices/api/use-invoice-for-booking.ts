import { useNavigate } from '@tanstack/react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/form-errors.ts';
import { useCreateInvoice } from './create-invoice.ts';

/**
 * "Create Invoice" for a booking: a draft is made and opened; when the booking already has an
 * invoice (409), the invoices of that booking are shown instead. `problem` says why nothing opened.
 */
export function useInvoiceForBooking() {
  const create = useCreateInvoice();
  const navigate = useNavigate();
  const start = (booking: number) =>
    create.mutate(
      { booking },
      {
        onSuccess: (invoice) => void navigate({ to: '/finances/invoices/$id', params: { id: invoice.id } }),
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) {
            void navigate({ to: '/finances/invoices', search: { booking } });
          }
        },
      },
    );
  const refused = create.error instanceof ApiError && create.error.status === 409;
  return {
    start,
    pending: create.isPending,
    problem: create.isError && !refused ? errorMessage(create.error, 'The invoice could not be created.') : null,
  };
}
