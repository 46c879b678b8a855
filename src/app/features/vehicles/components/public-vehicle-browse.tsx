import type { UseQueryResult } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { useLoadedAfterFirstPaint } from '../../../first-paint.ts';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { StatusMessage } from '../../../components/status-message.tsx';
import { LastUpdated } from '../../../offline/last-updated.tsx';
import { useFirstScreenSnapshot } from '../../../pwa/first-screen.ts';
import { listPublicVehicles, usePublicVehicles, type PublicVehicle } from '../api/list-public-vehicles.ts';
import { filterVehicles, inCategory, NO_FILTER, type VehicleFilter } from '../filter-vehicles.ts';
import { VehicleCard } from './vehicle-card.tsx';
import { VehicleFilters } from './vehicle-filters.tsx';
import { EAGER_CARDS, VehicleGrid } from './vehicle-grid.tsx';

// Loaded when asked for: the landing's first screen carries only the button.
const AvailabilityFilter = lazy(() =>
  import('../../availability/index.ts').then((module) => ({ default: module.AvailabilityFilter })),
);

// The category select and its calls come a moment after the first screen (decision 039); the
// chosen category filters the cached list from the first paint on.
const loadCategoryFilter = () => import('../after-paint/category-filter.tsx');

interface PublicVehicleBrowseProps {
  /** The category in the address (`?category=`, which the filter changes), or undefined for all. */
  category?: string | undefined;
  /** The landing shows the agency on each card; the customer browse shows a Book Now button instead. */
  showAgency?: boolean;
  cardAction?: (vehicle: PublicVehicle) => ReactNode;
  /** Keep this page's first screen for the next start (the visitors' landing: pwa/first-screen.ts). */
  keepFirstScreen?: boolean;
}

/**
 * The public fleet with search and ownership filter. The whole list is one cached query, so after
 * one visit it opens, searches and filters without a network.
 */
export function PublicVehicleBrowse({
  showAgency = false,
  cardAction,
  keepFirstScreen = false,
  category,
}: PublicVehicleBrowseProps) {
  const query = usePublicVehicles();
  const categoryFilter = useLoadedAfterFirstPaint(loadCategoryFilter);
  /** The server's answer for a category: used for that category only. */
  const [inChosen, setInChosen] = useState<{ category: string; ids: ReadonlySet<number> } | null>(null);
  const [filter, setFilter] = useState<VehicleFilter>(NO_FILTER);
  const [datesOpen, setDatesOpen] = useState(false);
  /** The ids free on the chosen dates, as the server said; null: no dates chosen. */
  const [available, setAvailable] = useState<ReadonlySet<number> | null>(null);
  const deferredFilter = useDeferredValue(filter);
  const vehicles = query.data;
  const shown = useMemo(() => {
    const fromServer = inChosen?.category === category ? inChosen?.ids : undefined;
    const matching = (vehicles ? filterVehicles(vehicles, deferredFilter) : []).filter(
      (vehicle) => !category || (fromServer ? fromServer.has(vehicle.id) : inCategory(vehicle, category)),
    );
    return available ? matching.filter((vehicle) => available.has(vehicle.id)) : matching;
  }, [vehicles, deferredFilter, available, category, inChosen]);
  const unfiltered =
    filter.search === NO_FILTER.search && filter.ownership === NO_FILTER.ownership && !available && !category;
  useFirstScreenSnapshot(
    keepFirstScreen && vehicles !== undefined && !query.isError && unfiltered && deferredFilter === filter,
    query.dataUpdatedAt,
  );

  return (
    <div className="vehicle-browse">
      <VehicleFilters value={filter} onChange={setFilter}>
        {/* The slot keeps the select's place from the first paint, so nothing moves when it comes. */}
        <div className="vehicle-filters__field vehicle-filters__field--later">
          {categoryFilter ? (
            <categoryFilter.CategoryFilter value={category} vehicles={vehicles ?? []} onMatches={setInChosen} />
          ) : null}
        </div>
      </VehicleFilters>
      {datesOpen ? (
        <Suspense fallback={<LoadingState label="Loading dates..." />}>
          <AvailabilityFilter
            onChange={setAvailable}
            listVehicles={listPublicVehicles}
            onClose={() => {
              setDatesOpen(false);
              setAvailable(null);
            }}
          />
        </Suspense>
      ) : (
        <Button variant="secondary" size="sm" className="vehicle-browse__dates" onClick={() => setDatesOpen(true)}>
          Available between dates…
        </Button>
      )}
      {vehicles ? (
        <>
          {query.isError ? (
            // A failed refresh keeps the list it had: say so, or it passes for the live one.
            <StatusMessage tone="warning" action={<RetryButton query={query} />}>
              The list could not be refreshed. It shows the vehicles as they were when last updated.
            </StatusMessage>
          ) : null}
          <div className="vehicle-browse__meta">
            <p className="vehicle-browse__count" aria-live="polite">
              {countText(shown.length, vehicles.length)}
            </p>
            <LastUpdated dataUpdatedAt={query.dataUpdatedAt} always={query.isError} />
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
                  pickup={vehicle.pickup_locations}
                />
              )}
            />
          ) : (
            <EmptyState message={category ? `No vehicles found in ${category}.` : 'No vehicles found.'} />
          )}
        </>
      ) : query.isError ? (
        <StatusMessage tone="error" action={<RetryButton query={query} />}>
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

function RetryButton({ query }: { query: Pick<UseQueryResult, 'refetch' | 'isFetching'> }) {
  return (
    <Button variant="secondary" size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
      {query.isFetching ? 'Retrying...' : 'Retry'}
    </Button>
  );
}

function countText(shown: number, total: number): string {
  const noun = total === 1 ? 'vehicle' : 'vehicles';
  return shown === total ? `${total} ${noun}` : `${shown} of ${total} ${noun}`;
}
