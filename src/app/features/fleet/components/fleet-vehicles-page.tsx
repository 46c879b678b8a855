import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { localIsoDate } from '#domain/dates';
import { serviceDueBy } from '#domain/service-due';
import { buttonClass } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ListFreshness } from '../../../offline/list-freshness.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { StatusMessage } from '../../../components/status-message.tsx';
import { allItems } from '../../../lib/paging.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { VehicleCard } from '../../vehicles/index.ts';
import { VehicleFilters } from '../../vehicles/index.ts';
import { EAGER_CARDS, VehicleGrid } from '../../vehicles/index.ts';
import { NO_FILTER, type VehicleFilter } from '../../vehicles/index.ts';
import { useStaffVehicles } from '../api/list-staff-vehicles.ts';
import { useFleetNotice } from '../fleet-notice.ts';
import { ServiceFlag } from './service-flag.tsx';
import '../fleet.css';

/**
 * /fleet/vehicles: the caller's fleet as cards, searched and filtered on the server, a page at a
 * time; a vehicle due a service says so, and "Service due only" (the dashboard's link) lists those.
 */
export function FleetVehiclesPage({ serviceDue, showRetired }: { serviceDue: boolean; showRetired: boolean }) {
  const notice = useFleetNotice();
  const navigate = useNavigate();
  const [filter, setFilter] = useState<VehicleFilter>(NO_FILTER);
  const search = useDebouncedValue(filter.search);
  const nextServiceBy = serviceDue ? serviceDueBy(localIsoDate()) : undefined;
  const query = useStaffVehicles({ search, ownership: filter.ownership, nextServiceBy, includeRetired: showRetired });
  const vehicles = allItems(query.data?.pages);
  const total = query.data?.pages.at(-1)?.total ?? 0;
  const filtered = filter.search.trim() !== '' || filter.ownership !== 'all' || serviceDue;

  return (
    <div className="page">
      <PageHeader
        title="Vehicles"
        description="Search, add and edit the vehicles of your fleet."
        actions={
          <Link to="/add-vehicle" className={buttonClass('primary')}>
            + Add Vehicle
          </Link>
        }
      />
      {notice ? <StatusMessage tone="success">{notice}</StatusMessage> : null}
      <VehicleFilters value={filter} onChange={setFilter} />
      <div className="fleet-toggles">
        <label className="fleet-service-filter">
          <input
            type="checkbox"
            checked={serviceDue}
            onChange={(event) =>
              void navigate({
                to: '/fleet/vehicles',
                search: (current) => ({ ...current, service: event.target.checked ? 'due' : undefined }),
                replace: true,
              })
            }
          />
          <span>Service due only (within 14 days or past)</span>
        </label>
        <label className="fleet-service-filter">
          <input
            type="checkbox"
            checked={showRetired}
            onChange={(event) =>
              void navigate({
                to: '/fleet/vehicles',
                search: (current) => ({ ...current, retired: event.target.checked ? 'show' : undefined }),
                replace: true,
              })
            }
          />
          <span>Show retired</span>
        </label>
      </div>
      {query.data ? (
        <div className="fleet-list" aria-busy={query.isPlaceholderData}>
          <ListFreshness
            dataUpdatedAt={query.dataUpdatedAt}
            refreshFailed={query.isRefetchError}
            moreFailed={query.isFetchNextPageError}
          />
          {vehicles.length > 0 ? (
            <>
              <VehicleGrid
                label="Fleet vehicles"
                vehicles={vehicles}
                renderCard={(vehicle, index) => (
                  <VehicleCard
                    vehicle={vehicle}
                    eager={index < EAGER_CARDS}
                    action={
                      <div className="fleet-card-action">
                        {vehicle.retired_at ? (
                          <StatusBadge tone="neutral">Retired</StatusBadge>
                        ) : (
                          <ServiceFlag nextServiceDate={vehicle.next_service_date} />
                        )}
                        <div className="fleet-card-action__links">
                          <Link
                            to="/fleet/maintenance"
                            search={{ vehicle: vehicle.id }}
                            className={buttonClass('ghost', 'sm')}
                            aria-label={`Maintenance of ${vehicle.make} ${vehicle.model} (${vehicle.registration_number})`}
                          >
                            Maintenance
                          </Link>
                          <Link
                            to="/edit-vehicle/$id"
                            params={{ id: vehicle.id }}
                            className={buttonClass('secondary', 'sm')}
                            aria-label={`Edit ${vehicle.make} ${vehicle.model} (${vehicle.registration_number})`}
                          >
                            Edit
                          </Link>
                        </div>
                      </div>
                    }
                  />
                )}
              />
              <LoadMore
                shown={vehicles.length}
                total={total}
                noun="vehicles"
                hasMore={query.hasNextPage}
                loading={query.isFetchingNextPage}
                onLoadMore={() => void query.fetchNextPage()}
              />
            </>
          ) : (
            <EmptyState message="No vehicles found.">
              {filtered ? (
                <p>{serviceDue ? 'No vehicle is due a service.' : 'Try another search or ownership.'}</p>
              ) : (
                <p>
                  <Link to="/add-vehicle">Add your first vehicle</Link>.
                </p>
              )}
            </EmptyState>
          )}
        </div>
      ) : (
        <QueryFallback
          query={query}
          loadingLabel="Loading vehicles..."
          failure="The vehicles could not be loaded."
          offline="The vehicles will appear when the connection returns."
        />
      )}
    </div>
  );
}
