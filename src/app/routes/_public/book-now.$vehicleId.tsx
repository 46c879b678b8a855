import { createFileRoute } from '@tanstack/react-router';
import { publicVehicleQueryOptions } from '../../features/booking-requests/api/get-public-vehicle.ts';
import { BookNowPage } from '../../features/booking-requests/components/book-now-page.tsx';
import { idParams } from '../-params.ts';

export const Route = createFileRoute('/_public/book-now/$vehicleId')({
  params: idParams('vehicleId'),
  // Not awaited: the page shows the vehicle from the cached list at once, and its own states otherwise.
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(publicVehicleQueryOptions(params.vehicleId));
  },
  component: BookNowRoute,
});

function BookNowRoute() {
  const { vehicleId } = Route.useParams();
  return <BookNowPage vehicleId={vehicleId} />;
}
