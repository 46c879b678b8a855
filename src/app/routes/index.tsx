import { createFileRoute, Link, Navigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { isStaffRole } from '#domain/constants';
import { buttonClass } from '../components/button.tsx';
import { PublicLayout } from '../layouts/public-layout.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { useSession } from '../features/session/api/get-session.ts';
import { publicVehiclesQueryOptions } from '../features/vehicles/api/list-public-vehicles.ts';
import { PublicVehicleBrowse } from '../features/vehicles/components/public-vehicle-browse.tsx';
import { categorySearch, type CategorySearch } from '../lib/search-params.ts';

/** `/`: the available vehicles. It sits under the root (whose guard sends staff-type users on), so it brings its own layout. */
export const Route = createFileRoute('/')({
  validateSearch: (search: Record<string, unknown>): CategorySearch => categorySearch(search),
  // Starts the fetch beside the route's code but does not wait for it: with a cached list this
  // resolves at once, and without one the page shows its own loading, offline or retry state
  // rather than holding the navigation until the network answers.
  loader: ({ context }) => {
    void context.queryClient.ensureQueryData(publicVehiclesQueryOptions()).catch(() => undefined);
  },
  component: LandingPage,
});

function LandingPage() {
  // A signed-in customer asks with their account (no contact details to type again).
  const user = useSession();
  const customer = user?.role === 'customer';
  const { category } = Route.useSearch();
  useEffect(() => {
    // The kept first screen is the visitors' page: never the one a signed-in user reopens into.
    // Its store loads only then, so a visitor's `/` does not carry it.
    if (!user) return;
    void import('../pwa/first-screen-store.ts')
      .then(({ clearFirstScreen }) => clearFirstScreen())
      .catch(() => undefined);
  }, [user]);
  // A first visit does not wait for the session (redirectStaffHomeWhenKnown): staff go on once it is known.
  if (isStaffRole(user?.role)) return <Navigate to="/staff/dashboard" replace />;
  return (
    <PublicLayout>
      <PageHeader title="Available Vehicles" />
      <PublicVehicleBrowse
        showAgency
        keepFirstScreen={!user}
        category={category}
        // Only a link here: the request form is its own route's code, so `/` stays light.
        cardAction={(vehicle) => (
          <Link
            to={customer ? '/public-customers/book-vehicle/$vehicleId' : '/book-now/$vehicleId'}
            params={{ vehicleId: vehicle.id }}
            className={buttonClass('primary', 'sm')}
            aria-label={`Request to Book: ${vehicle.make} ${vehicle.model}`}
          >
            Request to Book
          </Link>
        )}
      />
    </PublicLayout>
  );
}
