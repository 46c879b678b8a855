import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { LoadingState } from './loading-state.tsx';
import { StatusMessage } from './status-message.tsx';
import { ApiError } from '../lib/api-client.ts';

interface QueryFallbackProps {
  /** The query as TanStack Query reports it, before any data has arrived. */
  query: { isError: boolean; error: unknown; fetchStatus: string; isFetching: boolean; refetch: () => unknown };
  loadingLabel: string;
  /** "Your bookings could not be loaded." */
  failure: string;
  /** "Your bookings will appear when the connection returns." */
  offline: string;
  /** The text for a 404 ("Booking not found."), with a way on. */
  notFound?: { message: string; action: ReactNode };
}

/** What a screen shows while it has no data yet: loading, offline, not found, or a failure with Retry. */
export function QueryFallback({ query, loadingLabel, failure, offline, notFound }: QueryFallbackProps) {
  if (query.isError && notFound && query.error instanceof ApiError && query.error.status === 404) {
    return (
      <StatusMessage tone="error" action={notFound.action}>
        {notFound.message}
      </StatusMessage>
    );
  }
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
        {failure} Check your connection and try again.
      </StatusMessage>
    );
  }
  // Offline before this was ever fetched: TanStack Query waits for the connection.
  if (query.fetchStatus === 'paused') return <StatusMessage tone="warning">You are offline. {offline}</StatusMessage>;
  return <LoadingState label={loadingLabel} />;
}
