import type { ReactNode } from 'react';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { StatusMessage } from '../../../components/status-message.tsx';
import { usePublicVehicle, type ShownVehicle } from '../api/get-public-vehicle.ts';

interface VehicleGateProps {
  vehicleId: number;
  /** The way back shown when the vehicle does not exist, e.g. a link to `/`. */
  back: ReactNode;
  children: (vehicle: ShownVehicle) => ReactNode;
}

/** Renders the request screen once its vehicle is known; its loading, offline, error and not-found states otherwise. */
export function VehicleGate({ vehicleId, back, children }: VehicleGateProps) {
  const { vehicle, notFound, query } = usePublicVehicle(vehicleId);
  if (notFound) return <EmptyState message="Vehicle not found.">{back}</EmptyState>;
  if (vehicle) return children(vehicle);
  if (query.isError) {
    return (
      <StatusMessage
        tone="error"
        action={
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
            {query.isFetching ? 'Retrying...' : 'Retry'}
          </Button>
        }
      >
        The vehicle could not be loaded. Check your connection and try again.
      </StatusMessage>
    );
  }
  if (query.fetchStatus === 'paused') {
    return (
      <StatusMessage tone="warning">
        You are offline. This vehicle has not been seen on this device yet; it will appear when the connection returns.
      </StatusMessage>
    );
  }
  return <LoadingState label="Loading vehicle..." />;
}
