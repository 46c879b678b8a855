import { createFileRoute } from '@tanstack/react-router';
import { AddVehiclePage } from '../../features/fleet/components/add-vehicle-page.tsx';
import { agentLocationsQueryOptions } from '../../features/fleet/api/list-agent-locations.ts';

export const Route = createFileRoute('/_staff/add-vehicle')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(agentLocationsQueryOptions());
  },
  component: AddVehiclePage,
});
