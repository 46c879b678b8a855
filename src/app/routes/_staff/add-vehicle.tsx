import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export const Route = createFileRoute('/_staff/add-vehicle')({
  component: () => <PlaceholderPage title="Add Vehicle" line="Add a vehicle to your fleet." />,
});
