import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export const Route = createFileRoute('/_signed-in/bookings/list')({
  component: () => <PlaceholderPage title="Bookings" line="All bookings in one place." />,
});
