import { createFileRoute } from '@tanstack/react-router';
import { publicVehicleQueryOptions } from '../../features/booking-requests/api/get-public-vehicle.ts';
import { VehiclePage } from '../../features/booking-requests/components/vehicle-page.tsx';
import { idParams } from '../-params.ts';

/** `/vehicles/{id}`: a vehicle's public page; its code loads with this route only. */
export const Route = createFileRoute('/_public/vehicles/$vehicleId')({
  params: idParams('vehicleId'),
  // Not awaited: a vehicle seen on the list shows at once, and the page has its own states otherwise.
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(publicVehicleQueryOptions(params.vehicleId));
  },
  component: VehicleRoute,
});

function VehicleRoute() {
  const { vehicleId } = Route.useParams();
  return <VehiclePage vehicleId={vehicleId} />;
}
