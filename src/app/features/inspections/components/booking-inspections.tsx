import { useId } from 'react';
import { StatusMessage } from '../../../components/status-message.tsx';
import { useBookingInspections } from '../api/get-inspections.ts';
import { InspectionsCompare } from './inspections-compare.tsx';

/**
 * A booking's inspections for someone who only reads them (the customer whose rental it is):
 * fuel, mileage, damage marks and photos at pickup and at return, side by side.
 */
export function BookingInspections({ bookingId }: { bookingId: number }) {
  const query = useBookingInspections(bookingId);
  const headingId = useId();
  const inspections = query.data;
  return (
    <section className="panel inspections" aria-labelledby={headingId}>
      <h2 id={headingId} className="inspections__title">
        Inspections
      </h2>
      {query.isError && !inspections ? (
        <StatusMessage tone="error">The inspections could not be loaded.</StatusMessage>
      ) : null}
      <InspectionsCompare
        pickup={inspections?.pickup ?? null}
        returned={inspections?.return ?? null}
        missing={() => missingText(query.isError, query.fetchStatus === 'paused', inspections !== undefined)}
      />
    </section>
  );
}

function missingText(failed: boolean, offline: boolean, known: boolean): string {
  if (known) return 'Not recorded yet.';
  if (offline) return 'Shown when the connection returns.';
  return failed ? 'Not available.' : 'Loading inspections...';
}
