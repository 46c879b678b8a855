import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export const Route = createFileRoute('/_staff/bookings/requests')({
  component: () => <PlaceholderPage title="Booking Requests" line="Review the booking requests of your customers." />,
});
