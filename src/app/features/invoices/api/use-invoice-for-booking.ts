import { useNavigate } from '@tanstack/react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/form-errors.ts';
import { useCreateInvoice } from './create-invoice.ts';

/**
 * "Create Invoice" for a booking: a draft is made and opened; when the booking already has an
 * invoice (409), the invoices of that booking are shown instead. `problem` says why nothing opened,
 * for the booking `booking`; `error` changes with each failed try (a refusal's focus follows it).
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
    booking: create.variables && 'booking' in create.variables ? create.variables.booking : null,
    error: create.error,
    problem: create.isError && !refused ? errorMessage(create.error, 'The invoice could not be created.') : null,
  };
}
