import { createFileRoute } from '@tanstack/react-router';
import { bookingRequestsQueryOptions } from '../../features/customer-bookings/api/list-booking-requests.ts';
import { BookingRequestsPage } from '../../features/customer-bookings/components/booking-requests-page.tsx';

export const Route = createFileRoute('/_customer/customer/booking-requests/')({
  // Not awaited: a cached list (or the offline note) shows at once instead of a blank wait.
  loader: ({ context }) => void context.queryClient.prefetchInfiniteQuery(bookingRequestsQueryOptions()),
  component: BookingRequestsPage,
});
