import type { Inspection } from '#domain/api/inspections';
import type { InspectionKind } from '#domain/schemas/inspection';
import { returnFlags, type Allowance } from '#domain/return-flags';
import { KIND_TITLES } from './inspection-form.tsx';
import { InspectionSummary } from './inspection-summary.tsx';
import '../inspections.css';

interface InspectionsCompareProps {
  pickup: Inspection | null;
  returned: Inspection | null;
  /** What a column says while its inspection is not there, e.g. "Not recorded yet." */
  missing: (kind: InspectionKind) => string;
  /** The booking's mileage allowance: the return is flagged against it and against the pickup's fuel. */
  allowance?: Allowance;
}

/**
 * The pickup and the return inspection side by side (stacked on a phone), read-only: the return
 * draws the pickup's marks hollow, so what is filled is new. Booking Details and the customer's
 * booking page both show it.
 */
export function InspectionsCompare({ pickup, returned, missing, allowance }: InspectionsCompareProps) {
  const column = (kind: InspectionKind) => {
    const recorded = kind === 'pickup' ? pickup : returned;
    const title = KIND_TITLES[kind];
    if (recorded) {
      return (
        <InspectionSummary
          title={title}
          inspection={recorded}
          earlierMarks={kind === 'return' ? pickup?.damage_marks : undefined}
          flags={
            kind === 'return' && pickup && allowance
              ? { flags: returnFlags(pickup, recorded, allowance), allowance }
              : undefined
          }
        />
      );
    }
    return (
      <article className="inspection-summary inspection-summary--empty" aria-label={title}>
        <h3 className="inspection-summary__title">{title}</h3>
        <p className="inspection-summary__none">{missing(kind)}</p>
      </article>
    );
  };
  return (
    <div className="inspections__compare">
      {column('pickup')}
      {column('return')}
    </div>
  );
}
