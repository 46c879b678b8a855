import { createFileRoute } from '@tanstack/react-router';
import { publicVehicleQueryOptions } from '../../features/booking-requests/api/get-public-vehicle.ts';
import { CustomerRequestPage } from '../../features/booking-requests/components/customer-request-page.tsx';
import { idParams } from '../-params.ts';

export const Route = createFileRoute('/_customer/public-customers/book-vehicle/$vehicleId')({
  params: idParams('vehicleId'),
  // Not awaited: the vehicle shows from the cached list at once (also offline), and its own states otherwise.
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(publicVehicleQueryOptions(params.vehicleId));
  },
  component: CustomerRequestRoute,
});

function CustomerRequestRoute() {
  const { vehicleId } = Route.useParams();
  return <CustomerRequestPage vehicleId={vehicleId} />;
}
