import type { BookingInspections, Inspection } from '#domain/api/inspections';
import { damageMarkSchema, type InspectionKind } from '#domain/schemas/inspection';
import * as v from 'valibot';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { bookingMileageAllowance, listInspections, type InspectionRow } from '../../repositories/inspections.ts';

export const KIND_WORDS: Record<InspectionKind, string> = { pickup: 'pickup', return: 'return' };

export function inspectionPhotoUrl(bookingId: number, photoId: number): string {
  return `/api/bookings/${bookingId}/inspections/photos/${photoId}/`;
}

const storedMarks = v.array(damageMarkSchema);

function toInspection(bookingId: number, row: InspectionRow): Inspection {
  // Written by this server from validated input; read back defensively all the same.
  const marks = v.safeParse(storedMarks, JSON.parse(row.damage_marks));
  return {
    ...row,
    damage_marks: marks.success ? marks.output : [],
    photos: row.photos.map((photo) => ({ ...photo, url: inspectionPhotoUrl(bookingId, photo.id) })),
  };
}

/** Both inspections of a booking in the API shape, with the vehicle's allowance to measure a return by (read in the caller's transaction if given). */
export async function bookingInspections(db: Kysely<Database>, bookingId: number): Promise<BookingInspections> {
  const [rows, allowance] = await Promise.all([listInspections(db, bookingId), bookingMileageAllowance(db, bookingId)]);
  const of = (kind: InspectionKind) => {
    const row = rows.find((item) => item.kind === kind);
    return row ? toInspection(bookingId, row) : null;
  };
  return { pickup: of('pickup'), return: of('return'), mileage_allowance: allowance };
}
