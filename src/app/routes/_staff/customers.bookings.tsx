import { createFileRoute } from '@tanstack/react-router';
import { staffBookingsQueryOptions } from '../../features/bookings/api/list-staff-bookings.ts';
import { CustomerBookingsPage } from '../../features/bookings/components/customer-bookings-page.tsx';

export const Route = createFileRoute('/_staff/customers/bookings')({
  loader: ({ context }) => {
    void context.queryClient.prefetchInfiniteQuery(staffBookingsQueryOptions({ search: '', ordering: '-created_at' }));
  },
  component: CustomerBookingsPage,
});
