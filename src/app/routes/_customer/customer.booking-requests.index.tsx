import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export const Route = createFileRoute('/_customer/customer/booking-requests/')({
  component: () => <PlaceholderPage title="Booking Requests" line="Your booking requests and their status." />,
});
