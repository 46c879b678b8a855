import { createFileRoute } from '@tanstack/react-router';
import { staffVehicleQueryOptions } from '../../features/fleet/api/get-staff-vehicle.ts';
import { agentLocationsQueryOptions } from '../../features/fleet/api/list-agent-locations.ts';
import { EditVehiclePage } from '../../features/fleet/components/edit-vehicle-page.tsx';
import { idParams } from '../-params.ts';

export const Route = createFileRoute('/_staff/edit-vehicle/$id')({
  params: idParams('id'),
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(staffVehicleQueryOptions(params.id));
    void context.queryClient.prefetchQuery(agentLocationsQueryOptions());
  },
  component: EditVehicle,
});

function EditVehicle() {
  const { id } = Route.useParams();
  // Keyed by id: going from one vehicle's form to another's starts a fresh form.
  return <EditVehiclePage key={id} id={id} />;
}
