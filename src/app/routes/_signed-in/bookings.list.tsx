import { createFileRoute } from '@tanstack/react-router';
import { ownBookingsQueryOptions } from '../../features/customer-bookings/api/list-own-bookings.ts';
import { OwnBookingsPage } from '../../features/customer-bookings/components/own-bookings-page.tsx';
import { staffBookingsQueryOptions } from '../../features/bookings/api/list-staff-bookings.ts';
import { StaffBookingsPage } from '../../features/bookings/components/staff-bookings-page.tsx';

/** In both sidebars: a customer sees their own bookings; staff, agents and agencies their agency's. */
export const Route = createFileRoute('/_signed-in/bookings/list')({
  loader: ({ context }) => {
    if (context.user.role === 'customer') void context.queryClient.prefetchInfiniteQuery(ownBookingsQueryOptions());
    else
      void context.queryClient.prefetchInfiniteQuery(
        staffBookingsQueryOptions({ search: '', ordering: '-created_at' }),
      );
  },
  component: BookingsList,
});

function BookingsList() {
  const role = Route.useRouteContext({ select: (context) => context.user.role });
  return role === 'customer' ? <OwnBookingsPage /> : <StaffBookingsPage />;
}
