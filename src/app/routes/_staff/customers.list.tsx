import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export const Route = createFileRoute('/_staff/customers/list')({
  component: () => <PlaceholderPage title="Customer List" line="Search, sort and manage your customers." />,
});
