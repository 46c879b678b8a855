import { createFileRoute } from '@tanstack/react-router';
import { UnavailabilityPage } from '../../features/unavailability/components/unavailability-page.tsx';

export const Route = createFileRoute('/_staff/fleet/unavailability')({
  component: UnavailabilityPage,
});
