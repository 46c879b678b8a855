import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export const Route = createFileRoute('/_staff/add-customer')({
  component: () => (
    <PlaceholderPage title="Add Customer" line="Add a customer with their address, licence and next of kin." />
  ),
});
