/**
 * The inspection recorded at the car when a booking is picked up and returned: the form's fields,
 * shared by the tablet's form and the server. Photos travel beside them as files (`photos`).
 */
import * as v from 'valibot';
import { isLocalDateTime } from '../dates.ts';
import { id, optionalText, wholeNumber } from './fields.ts';

/** The longest reason staff may give for handing a car over without a signed agreement. */
export const NO_AGREEMENT_REASON_MAX = 500;
export const NO_AGREEMENT_REASON_FIELD = 'no_agreement_reason';

export const INSPECTION_KINDS = ['pickup', 'return'] as const;
export type InspectionKind = (typeof INSPECTION_KINDS)[number];

/** The fuel gauge in eighths: 0 is empty, 4 half, 8 full. */
export const FUEL_EIGHTHS_MAX = 8;
export const MAX_INSPECTION_PHOTOS = 8;
/** The device resizes photos to about 1600 px (a few hundred KB); this bounds what else may come. */
export const INSPECTION_PHOTO_MAX_BYTES = 8 * 1024 * 1024;
export const MAX_DAMAGE_MARKS = 30;
export const DAMAGE_NOTE_MAX = 200;
export const PHOTOS_FIELD = 'photos';

const DEVICE_TIME_INVALID = 'The device time must be a date and time (YYYY-MM-DDTHH:MM).';
const DAMAGE_MARKS_INVALID = 'Damage marks must be a list of points on the outline, each with a short note.';

const position = v.pipe(
  v.number(DAMAGE_MARKS_INVALID),
  v.minValue(0, DAMAGE_MARKS_INVALID),
  v.maxValue(1, DAMAGE_MARKS_INVALID),
);

/** A damage mark: where on the car's outline (0–1 across and down the top view) and what was seen. */
export const damageMarkSchema = v.object({
  x: position,
  y: position,
  note: v.pipe(
    v.optional(v.string(DAMAGE_MARKS_INVALID), ''),
    v.trim(),
    v.maxLength(DAMAGE_NOTE_MAX, `A damage note must be at most ${DAMAGE_NOTE_MAX} characters.`),
  ),
});
export type DamageMark = v.InferOutput<typeof damageMarkSchema>;

/** The marks arrive as one JSON text field of the multipart form (or as a list in JSON). */
const damageMarks = v.pipe(
  v.optional(v.union([v.string(), v.array(v.unknown())]), '[]'),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const raw = dataset.value;
    if (Array.isArray(raw)) return raw;
    try {
      return JSON.parse(raw.trim() === '' ? '[]' : raw) as unknown;
    } catch {
      addIssue({ message: DAMAGE_MARKS_INVALID });
      return NEVER;
    }
  }),
  v.array(damageMarkSchema, DAMAGE_MARKS_INVALID),
  v.maxLength(MAX_DAMAGE_MARKS, `Mark at most ${MAX_DAMAGE_MARKS} damages; describe the rest in the notes.`),
);

/** POST bookings/{id}/inspections/pickup/ and …/return/: what was read and seen at the car. */
export const inspectionSchema = v.object({
  mileage: wholeNumber('Mileage', { max: 10_000_000 }),
  fuel_eighths: wholeNumber('Fuel level', { max: FUEL_EIGHTHS_MAX }),
  damage_marks: damageMarks,
  notes: optionalText('Notes', 1000),
  /** The device's clock when it was recorded (sent with the entry, offline too); optional. */
  device_time: v.pipe(
    v.optional(v.nullable(v.string(DEVICE_TIME_INVALID)), null),
    v.transform((value) => (value === null || value.trim() === '' ? null : value.trim())),
    v.check((value) => value === null || isLocalDateTime(value), DEVICE_TIME_INVALID),
  ),
  /**
   * At pickup only: why the car is handed over without a signed agreement (decision 050). With it
   * the inspection picks the booking up; without it (and no agreement signed by both) the booking
   * waits for the staff countersignature.
   */
  no_agreement_reason: optionalText('Reason', NO_AGREEMENT_REASON_MAX),
});
export type InspectionInput = v.InferOutput<typeof inspectionSchema>;

export const inspectionParams = v.object({
  id: id('Booking'),
  kind: v.picklist(INSPECTION_KINDS, 'The inspection is either pickup or return.'),
});

export const inspectionPhotoParams = v.object({
  id: id('Booking'),
  photo: id('Photo'),
});

/** How the fuel gauge reads, for people: "Empty", "1/8" … "Full". */
export function fuelLabel(eighths: number): string {
  if (eighths <= 0) return 'Empty';
  if (eighths >= FUEL_EIGHTHS_MAX) return 'Full';
  const quarters: Record<number, string> = { 2: '1/4', 4: '1/2', 6: '3/4' };
  return quarters[eighths] ?? `${eighths}/8`;
}
