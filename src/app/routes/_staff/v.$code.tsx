import { createFileRoute } from '@tanstack/react-router';
import { vehicleTodayQueryOptions } from '../../features/vehicle-today/api/get-vehicle-today.ts';
import { VehicleTodayPage } from '../../features/vehicle-today/components/vehicle-today-page.tsx';

/** `/v/{code}`: the address a vehicle's QR label opens (issue 23) — its today card. */
export const Route = createFileRoute('/_staff/v/$code')({
  loader: ({ context, params }) => {
    // Not awaited: the card shows the kept copy, the offline fallback and its loading state itself.
    void context.queryClient.prefetchQuery(vehicleTodayQueryOptions(params.code.toUpperCase()));
  },
  component: VehicleTodayRoute,
});

function VehicleTodayRoute() {
  const { code } = Route.useParams();
  const upper = code.toUpperCase();
  return <VehicleTodayPage key={upper} code={upper} />;
}
