import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export const Route = createFileRoute('/_staff/fleet/maintenance')({
  component: () => <PlaceholderPage title="Maintenance Records" line="Welcome to Maintenance Records." />,
});
