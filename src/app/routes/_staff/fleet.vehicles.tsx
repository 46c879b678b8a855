import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export const Route = createFileRoute('/_staff/fleet/vehicles')({
  component: () => <PlaceholderPage title="Vehicles" line="Search, add and edit the vehicles of your fleet." />,
});
