import { useEffect, useState } from 'react';
import { formatDateTime } from '../lib/format.ts';
import { useOnline } from './connectivity.ts';
import './sync-status.css';

/** Data younger than this is current enough to need no note while online. */
const FRESH_MS = 60_000;

/**
 * "Last updated 22/11/2026, 14:05" under a list read from the cache: shown when offline, when the
 * data is older than a minute, or `always` (a refresh just failed), so nobody takes a week-old list
 * for the live one.
 */
export function LastUpdated({ dataUpdatedAt, always = false }: { dataUpdatedAt: number; always?: boolean }) {
  const online = useOnline();
  // Which `dataUpdatedAt` has passed the minute: set by a timer, so the note appears without a refetch.
  const [agedFor, setAgedFor] = useState<number | null>(null);

  useEffect(() => {
    if (!dataUpdatedAt) return;
    const timer = setTimeout(() => setAgedFor(dataUpdatedAt), Math.max(0, dataUpdatedAt + FRESH_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [dataUpdatedAt]);

  if (!dataUpdatedAt || (online && !always && agedFor !== dataUpdatedAt)) return null;
  const updated = new Date(dataUpdatedAt);
  return (
    <p className="last-updated">
      <svg
        className="last-updated__icon"
        viewBox="0 0 24 24"
        width="16"
        height="16"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M12 7v5l3 2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span>
        Last updated <time dateTime={updated.toISOString()}>{formatDateTime(updated)}</time>
      </span>
    </p>
  );
}
