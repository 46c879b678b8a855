import { useEffect, useRef, useState } from 'react';
import type { StaffBooking } from '#domain/api/bookings';
import type { InspectionKind } from '#domain/schemas/inspection';
import { bookingAllowance } from '#domain/return-flags';
import { Button } from '../../../components/button.tsx';
import { StatusMessage } from '../../../components/status-message.tsx';
import { useOutboxEntries } from '../../../offline/outbox.ts';
import { QueuedEntry } from '../../../offline/queued-entry.tsx';
import { vehicleLabel } from '#app/lib/vehicle-label';
import { useBookingInspections } from '../api/get-inspections.ts';
import { entryKind, inspectionTarget } from '../api/record-inspection.ts';
import { InspectionForm, KIND_TITLES } from './inspection-form.tsx';
import { InspectionsCompare } from './inspections-compare.tsx';
import '../inspections.css';

/**
 * Booking Details' Inspections: the pickup and return inspections side by side (stacked on a
 * phone), and the form that records the next one, which is also how the booking is marked
 * picked up or returned. Inspections saved without signal show as waiting until sent.
 */
export function InspectionsPanel({
  booking,
  startWith,
}: {
  booking: StaffBooking;
  /** The inspection a vehicle's today card asked to start: its form opens once it is the next one due. */
  startWith?: InspectionKind | undefined;
}) {
  const query = useBookingInspections(booking.id);
  const entries = useOutboxEntries({ kind: 'inspection', target: inspectionTarget(booking.id) });
  const [chosen, setChosen] = useState<InspectionKind | null>(null);
  const [asked, setAsked] = useState<InspectionKind | null>(startWith ?? null);
  const section = useRef<HTMLElement>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const inspections = query.data;
  const status = booking.booking_status;
  const queued = (kind: InspectionKind) => entries.some((entry) => entryKind(entry.request.url) === kind);
  const next: InspectionKind | null =
    (status === 'pending' || status === 'confirmed') && !inspections?.pickup && !queued('pickup')
      ? 'pickup'
      : status === 'active' && !inspections?.return && !queued('return')
        ? 'return'
        : null;
  // What was asked for opens only once the inspections are known and say it is the one due.
  const open = chosen ?? (asked !== null && asked === next ? asked : null);
  const setOpen = (kind: InspectionKind | null) => {
    setAsked(null);
    setChosen(kind);
  };
  const openedAsAsked = asked !== null && asked === next;
  useEffect(() => {
    // The panel sits below the booking's facts: bring the form the yard came for into view.
    if (openedAsAsked) section.current?.scrollIntoView({ block: 'start' });
  }, [openedAsAsked]);
  const pickup = inspections?.pickup ?? null;
  const returned = inspections?.return ?? null;
  // A list kept on the device from before the allowance was sent reads as none set.
  const allowance = bookingAllowance(inspections?.mileage_allowance ?? 0, booking.start_date, booking.end_date);
  if (status === 'cancelled' && !pickup && !returned && entries.length === 0) return null;

  return (
    <section
      ref={section}
      className="panel staff-booking-details__section inspections"
      aria-labelledby="booking-inspections"
    >
      <h2 id="booking-inspections" className="staff-booking-details__title">
        Inspections
      </h2>
      <div aria-live="polite">
        {saved ? <StatusMessage tone="success">{saved}</StatusMessage> : null}
        {entries.map((entry) => (
          <QueuedEntry key={entry.id} entry={entry} thing="inspection" />
        ))}
      </div>
      {query.isError && !inspections ? (
        <StatusMessage tone="error">The inspections could not be loaded.</StatusMessage>
      ) : null}
      {open ? (
        <InspectionForm
          key={open}
          bookingId={booking.id}
          kind={open}
          pickup={open === 'return' && pickup ? pickup : undefined}
          allowance={allowance}
          startDate={booking.start_date}
          earlierMarks={open === 'return' ? pickup?.damage_marks : undefined}
          vehicleLabel={vehicleLabel(booking.vehicle_details)}
          onCancel={() => setOpen(null)}
          onSaved={(outcome, handedOver) => {
            setSaved(
              outcome === 'queued'
                ? `${KIND_TITLES[open]} saved on this device. It is sent when the connection returns.`
                : open === 'return'
                  ? `${KIND_TITLES[open]} saved. The booking is now completed.`
                  : handedOver
                    ? `${KIND_TITLES[open]} saved. The booking is now active.`
                    : `${KIND_TITLES[open]} saved. The booking is picked up when the agreement is signed and countersigned.`,
            );
            setOpen(null);
          }}
        />
      ) : next ? (
        <div className="form__actions inspections__start">
          <Button
            onClick={() => {
              setSaved(null);
              setOpen(next);
            }}
          >
            {next === 'pickup' ? 'Record pickup inspection' : 'Record return inspection'}
          </Button>
        </div>
      ) : null}
      <InspectionsCompare
        pickup={pickup}
        returned={returned}
        allowance={allowance}
        missing={(kind) =>
          queued(kind)
            ? 'Saved on this device, waiting to send.'
            : query.isPending
              ? 'Loading inspections...'
              : 'Not recorded yet.'
        }
      />
    </section>
  );
}
