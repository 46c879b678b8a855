import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export const Route = createFileRoute('/_staff/finances/payments')({
  component: () => <PlaceholderPage title="Payments" line="Welcome to Payments." />,
});
