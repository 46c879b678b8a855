import { createFileRoute, Link } from '@tanstack/react-router';
import { buttonClass } from '../../components/button.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { publicVehiclesQueryOptions } from '../../features/vehicles/api/list-public-vehicles.ts';
import { PublicVehicleBrowse } from '../../features/vehicles/components/public-vehicle-browse.tsx';
import { categorySearch, type CategorySearch } from '../../lib/search-params.ts';

/** `/public-customers/book-vehicle`: the landing's search, filter and cards, each with Book Now (no agency line, SPEC §2). */
export const Route = createFileRoute('/_customer/public-customers/book-vehicle/')({
  validateSearch: (search: Record<string, unknown>): CategorySearch => categorySearch(search),
  // Not awaited: the cached list shows at once, and the browse has its own loading and offline states.
  loader: ({ context }) => {
    void context.queryClient.ensureQueryData(publicVehiclesQueryOptions()).catch(() => undefined);
  },
  component: CustomerBrowse,
});

function CustomerBrowse() {
  const { category } = Route.useSearch();
  return (
    <div className="page">
      <PageHeader title="Book a Vehicle" description="Browse the available vehicles and send a booking request." />
      <PublicVehicleBrowse
        category={category}
        cardAction={(vehicle) => (
          <Link
            to="/public-customers/book-vehicle/$vehicleId"
            params={{ vehicleId: vehicle.id }}
            className={buttonClass('primary')}
            aria-label={`Book Now: ${vehicle.make} ${vehicle.model}`}
          >
            Book Now
          </Link>
        )}
      />
    </div>
  );
}
