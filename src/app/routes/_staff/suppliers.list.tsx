import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export const Route = createFileRoute('/_staff/suppliers/list')({
  component: () => <PlaceholderPage title="Supplier List" line="Welcome to the Supplier List." />,
});
