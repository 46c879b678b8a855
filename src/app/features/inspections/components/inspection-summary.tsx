import type { Inspection } from '#domain/api/inspections';
import { fuelLabel, type DamageMark } from '#domain/schemas/inspection';
import { formatDateTime, formatKm } from '../../../lib/format.ts';
import type { Allowance, ReturnFlags } from '#domain/return-flags';
import { CarOutline, nearestArea } from './car-outline.tsx';
import { InspectionPhotos } from './inspection-photos.tsx';
import { ReturnFlagsNotice } from './return-flags.tsx';

interface InspectionSummaryProps {
  title: string;
  inspection: Inspection;
  /** The pickup's marks on a return, drawn hollow: what is filled is new. */
  earlierMarks?: readonly DamageMark[] | undefined;
  /** A return's flags against the pickup (fuel lower, km over the allowance). */
  flags?: { flags: ReturnFlags; allowance: Allowance } | undefined;
}

/** One recorded inspection: readings, the marks on the outline and in words, notes and photos. */
export function InspectionSummary({ title, inspection, earlierMarks, flags }: InspectionSummaryProps) {
  return (
    <article className="inspection-summary" aria-label={title}>
      <h3 className="inspection-summary__title">{title}</h3>
      <p className="inspection-summary__when">
        {formatDateTime(inspection.created_at)}
        {inspection.recorded_by ? ` · ${inspection.recorded_by}` : ''}
      </p>
      <dl className="inspection-summary__facts">
        <div>
          <dt>Mileage</dt>
          <dd>{formatKm(inspection.mileage)}</dd>
        </div>
        <div>
          <dt>Fuel</dt>
          <dd>{fuelLabel(inspection.fuel_eighths)}</dd>
        </div>
      </dl>
      {flags ? <ReturnFlagsNotice flags={flags.flags} allowance={flags.allowance} /> : null}
      <div className="inspection-summary__damage">
        <CarOutline
          marks={inspection.damage_marks}
          earlier={earlierMarks}
          label={`${title}: ${inspection.damage_marks.length} damage mark(s) on the car outline`}
        />
        {inspection.damage_marks.length === 0 ? (
          <p className="inspection-summary__none">No damage marked.</p>
        ) : (
          <ol className="inspection-summary__marks">
            {inspection.damage_marks.map((mark, index) => (
              <li key={index}>
                {nearestArea(mark)}
                {mark.note ? `: ${mark.note}` : ''}
              </li>
            ))}
          </ol>
        )}
      </div>
      {earlierMarks && earlierMarks.length > 0 ? (
        <p className="inspection-summary__legend">Hollow circles: damage already marked at pickup.</p>
      ) : null}
      {inspection.notes ? <p className="inspection-summary__notes">{inspection.notes}</p> : null}
      <InspectionPhotos
        photos={inspection.photos}
        label={`${title} photos`}
        alt={(index) => `${title} photo ${index + 1}`}
      />
    </article>
  );
}
