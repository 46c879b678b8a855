import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export const Route = createFileRoute('/_public/register-customer')({
  component: () => (
    <PlaceholderPage title="Register" line="Create a customer account to request and manage your bookings." />
  ),
});
