import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export const Route = createFileRoute('/_staff/customers/bookings')({
  component: () => <PlaceholderPage title="Customer Bookings" line="Your customers' bookings." />,
});
