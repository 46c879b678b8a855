import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';
import { ownBookingsQueryOptions } from '../../features/customer-bookings/api/list-own-bookings.ts';
import { OwnBookingsPage } from '../../features/customer-bookings/components/own-bookings-page.tsx';

/** In both sidebars: a customer sees their own bookings; staff get their list in its own issue. */
export const Route = createFileRoute('/_signed-in/bookings/list')({
  loader: ({ context }) => {
    if (context.user.role === 'customer') void context.queryClient.prefetchInfiniteQuery(ownBookingsQueryOptions());
  },
  component: BookingsList,
});

function BookingsList() {
  const role = Route.useRouteContext({ select: (context) => context.user.role });
  if (role === 'customer') return <OwnBookingsPage />;
  return <PlaceholderPage title="Bookings" line="All bookings in one place." />;
}
