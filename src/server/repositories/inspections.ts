import type { Kysely } from 'kysely';
import type { InspectionKind } from '#domain/schemas/inspection';
import type { Database } from '../db/types.ts';

/** The km per day the booking's vehicle allows (0 when none is set). */
export async function bookingMileageAllowance(db: Kysely<Database>, bookingId: number): Promise<number> {
  const row = await db
    .selectFrom('bookings')
    .innerJoin('vehicles', 'vehicles.id', 'bookings.vehicle_id')
    .select('vehicles.mileage_allowance')
    .where('bookings.id', '=', bookingId)
    .executeTakeFirst();
  return row?.mileage_allowance ?? 0;
}

export interface InspectionRow {
  id: number;
  kind: InspectionKind;
  mileage: number;
  fuel_eighths: number;
  damage_marks: string;
  notes: string | null;
  recorded_by: string | null;
  created_at: string;
  device_time: string | null;
  photos: { id: number; width: number; height: number }[];
}

/** A booking's inspections (at most one of each kind) with their photos, oldest photo first. */
export async function listInspections(db: Kysely<Database>, bookingId: number): Promise<InspectionRow[]> {
  const rows = await db
    .selectFrom('booking_inspections')
    .leftJoin('users', 'users.id', 'booking_inspections.recorded_by')
    .select([
      'booking_inspections.id',
      'booking_inspections.kind',
      'booking_inspections.mileage',
      'booking_inspections.fuel_eighths',
      'booking_inspections.damage_marks',
      'booking_inspections.notes',
      'booking_inspections.created_at',
      'booking_inspections.device_time',
      'users.first_name',
      'users.last_name',
    ])
    .where('booking_inspections.booking_id', '=', bookingId)
    .orderBy('booking_inspections.id')
    .execute();
  if (rows.length === 0) return [];
  const photos = await db
    .selectFrom('inspection_photos')
    .select(['id', 'inspection_id', 'width', 'height'])
    .where(
      'inspection_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('id')
    .execute();
  return rows.map(({ first_name, last_name, ...row }) => ({
    ...row,
    recorded_by: first_name === null ? null : `${first_name} ${last_name ?? ''}`.trim(),
    photos: photos
      .filter((photo) => photo.inspection_id === row.id)
      .map(({ id, width, height }) => ({ id, width, height })),
  }));
}

/** The mileage read at one of a booking's inspections, if that one is recorded. */
export async function inspectionMileage(
  db: Kysely<Database>,
  bookingId: number,
  kind: InspectionKind,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('booking_inspections')
    .select('mileage')
    .where('booking_id', '=', bookingId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row?.mileage;
}

export interface NewInspection {
  bookingId: number;
  agencyId: number;
  kind: InspectionKind;
  mileage: number;
  fuelEighths: number;
  damageMarks: string;
  notes: string | null;
  recordedBy: number;
  now: string;
  /** The device's clock when it was recorded, "YYYY-MM-DDTHH:MM"; null when it sent none. */
  deviceTime: string | null;
}

/**
 * Inserts an inspection and its stored photos, inside the caller's transaction. A second one of
 * the same kind for the booking fails on the unique (booking_id, kind).
 */
export async function insertInspection(
  trx: Kysely<Database>,
  inspection: NewInspection,
  photos: readonly { key: string; width: number; height: number }[],
): Promise<number> {
  const { id } = await trx
    .insertInto('booking_inspections')
    .values({
      booking_id: inspection.bookingId,
      agency_id: inspection.agencyId,
      kind: inspection.kind,
      mileage: inspection.mileage,
      fuel_eighths: inspection.fuelEighths,
      damage_marks: inspection.damageMarks,
      notes: inspection.notes,
      recorded_by: inspection.recordedBy,
      created_at: inspection.now,
      device_time: inspection.deviceTime,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (photos.length) {
    await trx
      .insertInto('inspection_photos')
      .values(
        photos.map((photo) => ({
          inspection_id: id,
          object_key: photo.key,
          width: photo.width,
          height: photo.height,
          created_at: inspection.now,
        })),
      )
      .execute();
  }
  return id;
}

/** A photo's private object key, if the photo belongs to one of the booking's inspections. */
export async function findInspectionPhotoKey(
  db: Kysely<Database>,
  bookingId: number,
  photoId: number,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('inspection_photos')
    .innerJoin('booking_inspections', 'booking_inspections.id', 'inspection_photos.inspection_id')
    .select('inspection_photos.object_key')
    .where('inspection_photos.id', '=', photoId)
    .where('booking_inspections.booking_id', '=', bookingId)
    .executeTakeFirst();
  return row?.object_key;
}
