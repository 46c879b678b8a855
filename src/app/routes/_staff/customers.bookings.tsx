import { createFileRoute } from '@tanstack/react-router';
import { customerChoiceQueryOptions } from '../../features/bookings/api/get-customer-choice.ts';
import { staffBookingsQueryOptions } from '../../features/bookings/api/list-staff-bookings.ts';
import { CustomerBookingsPage } from '../../features/bookings/components/customer-bookings-page.tsx';

interface CustomerBookingsSearch {
  /** The chosen customer, kept in the address so Back and a reload return to the same list. */
  customerId?: number;
}

export const Route = createFileRoute('/_staff/customers/bookings')({
  validateSearch: (search: Record<string, unknown>): CustomerBookingsSearch => {
    const customerId = Number(search['customerId']);
    return Number.isInteger(customerId) && customerId > 0 ? { customerId } : {};
  },
  loaderDeps: ({ search }) => ({ customerId: search.customerId }),
  loader: ({ context, deps }) => {
    const { customerId } = deps;
    if (customerId !== undefined) void context.queryClient.prefetchQuery(customerChoiceQueryOptions(customerId));
    void context.queryClient.prefetchInfiniteQuery(
      staffBookingsQueryOptions({ search: '', ordering: '-created_at', customerId }),
    );
  },
  component: CustomerBookings,
});

function CustomerBookings() {
  const { customerId } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <CustomerBookingsPage
      customerId={customerId}
      onChoose={(id) => void navigate({ search: id === undefined ? {} : { customerId: id }, replace: true })}
    />
  );
}
