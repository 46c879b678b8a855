import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export const Route = createFileRoute('/_staff/fleet/unavailability')({
  component: () => <PlaceholderPage title="Unavailability" line="Welcome to Unavailability." />,
});
