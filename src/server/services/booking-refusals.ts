import { dayMonthTimeUtc, holdSentence } from '#domain/request-hold';
import type { Deps } from '../context.ts';
import { Conflict, fieldRefusal, type FieldMessages, Invalid } from './errors.ts';
import {
  type BookableVehicle,
  BookingMovedError,
  findBlockingBooking,
  findBookableVehicle,
  RequestAlreadyBookedError,
  RequestNotConfirmableError,
  VehicleAlreadyBookedError,
} from '../repositories/bookings.ts';
import {
  type BlockingPeriod,
  findBlockingPeriod,
  VehicleUnavailableError,
} from '../repositories/unavailability-overlaps.ts';
import { type HoldingRequest, VehicleHeldError } from '../repositories/request-holds.ts';
import { isVehicleRetired } from '../repositories/vehicles.ts';

export const REQUEST_NOT_FOUND = 'Booking request not found.';
export const REQUEST_NOT_ACCEPTED = 'This booking request has not been accepted.';
export const REQUEST_ALREADY_CONFIRMED = 'This booking request is already confirmed.';

/** Why an accepted request whose hold ended can no longer be confirmed (decision 035). */
export function holdEndedSentence(holdUntil: string): string {
  return `This booking request expired on ${dayMonthTimeUtc(holdUntil)}: the vehicle is no longer kept for it. Please send a new request.`;
}
const VEHICLE_NOT_AVAILABLE = 'This vehicle is not available.';
const DATES_NOT_AVAILABLE = 'This vehicle is not available for those dates.';
export const VEHICLE_RETIRED = 'This vehicle has been retired and cannot be booked.';
/** A move from where the booking no longer is (issue 23): moved by someone else, or offline meanwhile. */
export const BOOKING_MOVED = 'This booking was moved meanwhile, so it was not moved again: look at where it is now.';

/** A retired vehicle takes no new booking, request or acceptance (409); `field` places the sentence on a form. */
export async function refuseRetiredVehicle(deps: Deps, vehicleId: number, field?: string): Promise<void> {
  if (await isVehicleRetired(deps.db, vehicleId)) {
    throw new Conflict(VEHICLE_RETIRED, field ? { [field]: [VEHICLE_RETIRED] } : undefined);
  }
}

/** The vehicle a booking request names: one of an approved agency, else a 400 on vehicle_id. */
export async function requestableVehicle(deps: Deps, vehicleId: number): Promise<BookableVehicle> {
  const vehicle = await findBookableVehicle(deps.db, vehicleId);
  if (!vehicle || vehicle.agency_status !== 'approved')
    throw fieldRefusal(Invalid, 'vehicle_id', VEHICLE_NOT_AVAILABLE);
  await refuseRetiredVehicle(deps, vehicle.id);
  return vehicle;
}

/**
 * A request for days a booking already holds the vehicle, or an unavailability period blocks,
 * is refused up front (a conflict, 409).
 */
export async function checkDatesFree(deps: Deps, vehicleId: number, startDate: string, endDate: string) {
  if (await findBlockingBooking(deps.db, vehicleId, startDate, endDate)) throw new Conflict(DATES_NOT_AVAILABLE);
  const period = await findBlockingPeriod(deps.db, vehicleId, startDate, endDate);
  if (period) throw unavailableConflict(period);
}

/** "Booking request #12 (Jane Doe) holds this vehicle from 3 Dec to 6 Dec until 28 Nov 14:00 UTC." */
export function heldConflict(hold: HoldingRequest): Conflict {
  const message = holdSentence(hold);
  return new Conflict(message, { start_date: [message] });
}

/** "This vehicle is not available from 10/01/2032 to 12/01/2032 (maintenance)." */
export function unavailableConflict(period: BlockingPeriod): Conflict {
  const message = `This vehicle is not available from ${britishDate(period.start_date)} to ${britishDate(period.end_date)} (${period.kind}).`;
  return new Conflict(message, { start_date: [message] });
}

/** 2026-05-10 → 10/05/2026, the en-GB form people read (SPEC §9). */
export function britishDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
}

/** A 400 naming every field found wrong, worded like the schema validation's replies. */
export function fieldsError(fields: FieldMessages): Invalid {
  const messages = Object.values(fields).flat();
  const summary = messages.length > 1 ? `Please correct the ${messages.length} highlighted fields.` : messages.join('');
  return new Invalid(summary, fields);
}

/** Turns the repositories' booking refusals into conflicts (409); anything else passes through. */
export function bookingConflict(error: unknown): unknown {
  if (error instanceof VehicleAlreadyBookedError) {
    const message = `This vehicle is already booked from ${britishDate(error.startDate)} to ${britishDate(error.endDate)}.`;
    return new Conflict(message, { start_date: [message] });
  }
  if (error instanceof VehicleUnavailableError) return unavailableConflict(error.period);
  if (error instanceof VehicleHeldError) return heldConflict(error.hold);
  if (error instanceof RequestAlreadyBookedError) return new Conflict(REQUEST_ALREADY_CONFIRMED);
  if (error instanceof BookingMovedError) return new Conflict(BOOKING_MOVED);
  if (error instanceof RequestNotConfirmableError) {
    return new Conflict(error.holdUntil ? holdEndedSentence(error.holdUntil) : REQUEST_NOT_ACCEPTED);
  }
  return error;
}
