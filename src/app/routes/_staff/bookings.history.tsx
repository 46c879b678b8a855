import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export const Route = createFileRoute('/_staff/bookings/history')({
  component: () => <PlaceholderPage title="Booking History" line="Welcome to Booking History." />,
});
