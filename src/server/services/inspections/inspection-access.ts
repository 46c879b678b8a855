import type { BookingInspections, Inspection } from '#domain/api/inspections';
import { damageMarkSchema, type InspectionKind } from '#domain/schemas/inspection';
import * as v from 'valibot';
import type { Kysely } from 'kysely';
import type { AuthUser, Deps } from '../../context.ts';
import type { Database } from '../../db/types.ts';
import { canReachAgency, staffScope } from '../agency-scope.ts';
import { NotFound } from '../errors.ts';
import { findCustomerByUserId } from '../../repositories/customers.ts';
import {
  bookingMileageAllowance,
  findInspectionBooking,
  listInspections,
  type InspectionBooking,
  type InspectionRow,
} from '../../repositories/inspections.ts';

export const BOOKING_NOT_FOUND = 'Booking not found.';
export const KIND_WORDS: Record<InspectionKind, string> = { pickup: 'pickup', return: 'return' };

/** The booking if the caller is staff of its agency (the operator: any); anyone else is told it does not exist (404). */
export async function staffInspectionBooking(deps: Deps, user: AuthUser, id: number): Promise<InspectionBooking> {
  const booking = await findInspectionBooking(deps.db, id);
  if (!booking || !canReachAgency(user, booking.agencyId)) throw new NotFound(BOOKING_NOT_FOUND);
  return booking;
}

/**
 * The booking if the caller may see its inspections: staff of its agency, or the customer the
 * booking belongs to. Anyone else is told it does not exist.
 */
export async function readableInspectionBooking(deps: Deps, user: AuthUser, id: number): Promise<InspectionBooking> {
  if (staffScope(user) !== undefined) return staffInspectionBooking(deps, user, id);
  const booking = await findInspectionBooking(deps.db, id);
  const customer = user.role === 'customer' ? await findCustomerByUserId(deps.db, user.id) : undefined;
  if (!booking || !customer || customer.id !== booking.customerId) throw new NotFound(BOOKING_NOT_FOUND);
  return booking;
}

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
