import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export const Route = createFileRoute('/_staff/finances/invoices')({
  component: () => <PlaceholderPage title="Booking Invoices" line="Welcome to Booking Invoices." />,
});
