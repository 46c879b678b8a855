import { useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { StatusMessage } from '../../../components/status-message.tsx';
import { LastUpdated } from '../../../offline/last-updated.tsx';
import { usePublicVehicles, type PublicVehicle } from '../api/list-public-vehicles.ts';
import { filterVehicles, NO_FILTER, type VehicleFilter } from '../filter-vehicles.ts';
import { VehicleCard } from './vehicle-card.tsx';
import { VehicleFilters } from './vehicle-filters.tsx';
import { EAGER_CARDS, VehicleGrid } from './vehicle-grid.tsx';

interface PublicVehicleBrowseProps {
  /** The landing shows the agency on each card; the customer browse shows a Book Now button instead. */
  showAgency?: boolean;
  cardAction?: (vehicle: PublicVehicle) => ReactNode;
}

/**
 * The public fleet with search and ownership filter. The whole list is one cached query, so after
 * one visit it opens, searches and filters without a network.
 */
export function PublicVehicleBrowse({ showAgency = false, cardAction }: PublicVehicleBrowseProps) {
  const query = usePublicVehicles();
  const [filter, setFilter] = useState<VehicleFilter>(NO_FILTER);
  const deferredFilter = useDeferredValue(filter);
  const vehicles = query.data;
  const shown = useMemo(() => (vehicles ? filterVehicles(vehicles, deferredFilter) : []), [vehicles, deferredFilter]);

  return (
    <div className="vehicle-browse">
      <VehicleFilters value={filter} onChange={setFilter} />
      {vehicles ? (
        <>
          <div className="vehicle-browse__meta">
            <p className="vehicle-browse__count" aria-live="polite">
              {countText(shown.length, vehicles.length)}
            </p>
            <LastUpdated dataUpdatedAt={query.dataUpdatedAt} />
          </div>
          {shown.length > 0 ? (
            <VehicleGrid
              label="Available vehicles"
              vehicles={shown}
              renderCard={(vehicle, index) => (
                <VehicleCard
                  vehicle={vehicle}
                  showAgency={showAgency}
                  action={cardAction?.(vehicle)}
                  eager={index < EAGER_CARDS}
                />
              )}
            />
          ) : (
            <EmptyState message="No vehicles found." />
          )}
        </>
      ) : query.isError ? (
        <StatusMessage
          tone="error"
          action={
            <Button variant="secondary" size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
              {query.isFetching ? 'Retrying...' : 'Retry'}
            </Button>
          }
        >
          The vehicles could not be loaded. Check your connection and try again.
        </StatusMessage>
      ) : query.fetchStatus === 'paused' ? (
        // Offline before the list was ever fetched: TanStack Query waits for the connection.
        <StatusMessage tone="warning">
          You are offline. The vehicles will appear when the connection returns.
        </StatusMessage>
      ) : (
        <LoadingState label="Loading vehicles..." />
      )}
    </div>
  );
}

function countText(shown: number, total: number): string {
  const noun = total === 1 ? 'vehicle' : 'vehicles';
  return shown === total ? `${total} ${noun}` : `${shown} of ${total} ${noun}`;
}
