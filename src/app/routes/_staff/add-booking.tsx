import { createFileRoute } from '@tanstack/react-router';
import { customerChoiceQueryOptions } from '../../features/bookings/api/get-customer-choice.ts';
import { AddBookingPage } from '../../features/bookings/components/add-booking-page.tsx';

interface AddBookingSearch {
  /** Preselects the customer (from the customer list's row menu). */
  customerId?: number;
}

export const Route = createFileRoute('/_staff/add-booking')({
  validateSearch: (search: Record<string, unknown>): AddBookingSearch => {
    const customerId = Number(search['customerId']);
    return Number.isInteger(customerId) && customerId > 0 ? { customerId } : {};
  },
  loaderDeps: ({ search }) => ({ customerId: search.customerId }),
  loader: ({ context, deps }) => {
    if (deps.customerId !== undefined)
      void context.queryClient.prefetchQuery(customerChoiceQueryOptions(deps.customerId));
  },
  component: AddBooking,
});

function AddBooking() {
  const { customerId } = Route.useSearch();
  // A new customer in the link starts a new form.
  return <AddBookingPage key={customerId ?? 'none'} customerId={customerId} />;
}
